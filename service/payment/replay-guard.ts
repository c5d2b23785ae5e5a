// One computation per payment authorization. A request refused after its payment was verified
// leaves the EIP-3009 authorization unused, so the same signature could be sent again (and ten
// copies at once) to make the service repeat the refused work for nothing. The guard admits one
// request per authorization nonce at a time; the others wait for it. A refusal is recorded and
// answered again, without recomputing, for as long as the authorization is valid (validBefore);
// after a settlement the next copy reaches verify, which refuses the spent nonce.
import type { PaymentPayload } from "@x402/core/types";
import type { AuthorizationStore, RecordedRefusal } from "./authorization-store.ts";

/** A claimed authorization: exactly one of record / release takes effect (a null refusal releases). */
export interface AuthorizationClaim {
  record(refusal: RecordedRefusal | null): Promise<void>;
  release(): Promise<void>;
}

export type Admission =
  | { state: "admitted"; claim: AuthorizationClaim | null }
  | { state: "refused"; refusal: RecordedRefusal }
  | { state: "busy" };

interface Authorization {
  from?: unknown;
  nonce?: unknown;
  validBefore?: unknown;
}

/** `network:asset:from:nonce` and the end of validity (epoch ms), or null for a payload without an EIP-3009 authorization. */
export function authorizationKey(payload: PaymentPayload): { key: string; expiresAt: number } | null {
  const auth = (payload.payload as { authorization?: Authorization } | undefined)?.authorization;
  const { network, asset } = payload.accepted ?? {};
  if (!auth || typeof auth.nonce !== "string" || typeof auth.from !== "string") return null;
  const validBefore = Number(auth.validBefore);
  if (!Number.isFinite(validBefore) || typeof network !== "string" || typeof asset !== "string") return null;
  return {
    key: `${network}:${asset}:${auth.from}:${auth.nonce}`.toLowerCase(),
    expiresAt: validBefore * 1000,
  };
}

const POLL_MS = 20;
/** A refusal body larger than this is not recorded (refusals are a few hundred bytes). */
const MAX_RECORDED_BYTES = 65_536;

/** The refusal a cancelled paid request answered, as recorded for its replays. */
export function refusalOf(status: number, contentType: unknown, payload: unknown): RecordedRefusal | null {
  const body = Buffer.isBuffer(payload)
    ? payload.toString("utf8")
    : typeof payload === "string"
      ? payload
      : null;
  if (body === null || body.length > MAX_RECORDED_BYTES) return null;
  return { status, contentType: typeof contentType === "string" ? contentType : "application/json", body };
}

export class ReplayGuard {
  readonly #store: AuthorizationStore;
  readonly #maxWaitMs: number;

  constructor(store: AuthorizationStore, maxWaitMs: number) {
    this.#store = store;
    this.#maxWaitMs = maxWaitMs;
  }

  /**
   * Admits the request carrying `payload`, after waiting (bounded) for another request with the
   * same authorization; or hands back that authorization's recorded refusal; or `busy`.
   */
  async admit(payload: PaymentPayload): Promise<Admission> {
    const id = authorizationKey(payload);
    if (!id) return { state: "admitted", claim: null };
    const deadline = Date.now() + this.#maxWaitMs;
    for (;;) {
      const result = await this.#store.claim(id.key, id.expiresAt);
      if (result.state === "refused") return { state: "refused", refusal: result.refusal };
      if (result.state === "claimed") return { state: "admitted", claim: this.#claim(id.key, id.expiresAt) };
      if (Date.now() >= deadline) return { state: "busy" };
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  #claim(key: string, expiresAt: number): AuthorizationClaim {
    let done = false;
    const once = (f: () => Promise<void>) => async () => {
      if (done) return;
      done = true;
      await f();
    };
    return {
      record: (refusal) =>
        once(() => (refusal ? this.#store.record(key, refusal, expiresAt) : this.#store.release(key)))(),
      release: once(() => this.#store.release(key)),
    };
  }
}
