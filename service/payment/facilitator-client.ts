// The production facilitator client: @x402/core's FacilitatorClient over one undici Agent, so
// verify, settle and supported reuse keep-alive connections to the facilitator instead of going
// through the global fetch (HTTPFacilitatorClient takes no dispatcher; its fetch and web streams
// were the paid path's largest CPU cost: docs/configuration.md "Facilitator connections"). The wire is
// HTTPFacilitatorClient's (x402 v2 §7): POST {base}/verify and {base}/settle with
// {x402Version, paymentPayload, paymentRequirements}, GET {base}/supported, Content-Type
// application/json on all three, redirects followed as fetch follows them, a 90 s deadline per
// call covering the body, /supported retried on 429. A hosted facilitator's auth headers
// (facilitator-auth.ts) go with every call.
//
// A facilitator that cannot be reached, times out, answers with an HTTP error or with a body that
// is not its answer is a facilitator fault (502 facilitator_unavailable, nothing charged), not a
// bad signature: all of these are FacilitatorResponseError, which the x402 server rethrows instead
// of turning into a 402. The message keeps "failed (<status>)" for readiness (health.ts).
//
// No pipelining (undici's `pipelining: 1`): verify and settle are POSTs, and a request queued
// behind another on a connection that breaks cannot be known to have been processed or not;
// a settle must never be sent twice by the transport. Concurrent calls open more connections.
import type { FacilitatorClient } from "@x402/core/server";
import { FacilitatorResponseError, FacilitatorTimeoutError } from "@x402/core/server";
import type {
  PaymentPayload,
  PaymentRequirements,
  SettleResponse,
  SupportedResponse,
  VerifyResponse,
} from "@x402/core/types";
import { Agent, type Dispatcher, interceptors } from "undici";
import { authHeadersFor, type FacilitatorAuth } from "./facilitator-auth.ts";

/** HTTPFacilitatorClient's defaults: the deadline of one call, and /supported's attempts on 429. */
const TIMEOUT_MS = 90_000;
const SUPPORTED_ATTEMPTS = 3;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** fetch's redirect limit. */
const MAX_REDIRECTIONS = 20;

type Operation = "verify" | "settle" | "supported";
type AuthHeaders = () => Promise<Record<string, Record<string, string>>>;

export interface RemoteFacilitator {
  client: FacilitatorClient;
  /** Closes the connections to the facilitator (the service's close); idempotent. */
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The facilitator's text, short and on one line, for an error message. */
function excerpt(text: string, limit = 200): string {
  const compact = text.trim().replace(/\s+/g, " ");
  if (!compact) return "<empty response>";
  return compact.length <= limit ? compact : `${compact.slice(0, limit - 3)}...`;
}

/** JSON of a payment (bigints as decimal strings, as HTTPFacilitatorClient's toJsonSafe writes them). */
function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  }
}

/** The members of an answer with `null` read as absent (the facilitator's nullish optionals). */
function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== null) out[k] = v;
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The EXTENSION-RESPONSES header (base64 JSON object), when the facilitator sends one. */
function extensionResponses(answer: Answer): Record<string, unknown> | undefined {
  const header = answer.headers["extension-responses"];
  if (typeof header !== "string" || header === "") return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(header, "base64").toString("utf8"));
    return isRecord(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** The answer's JSON object when it has the members `valid` checks, else a facilitator fault. */
function parsed(op: Operation, answer: Answer, valid: (d: Record<string, unknown>) => boolean) {
  let data: unknown;
  try {
    data = JSON.parse(answer.text);
  } catch {
    throw new FacilitatorResponseError(`Facilitator ${op} returned invalid JSON: ${excerpt(answer.text)}`);
  }
  if (!isRecord(data) || !valid(data))
    throw new FacilitatorResponseError(`Facilitator ${op} returned invalid data: ${excerpt(answer.text)}`);
  const body = withoutNulls(data);
  const extensions = extensionResponses(answer);
  return extensions ? { ...body, extensionResponses: extensions } : body;
}

const failed = (op: Operation, answer: Answer) =>
  new FacilitatorResponseError(`Facilitator ${op} failed (${answer.status}): ${excerpt(answer.text)}`);

/** Retry-After (seconds or an HTTP date) or an exponential delay, capped as HTTPFacilitatorClient caps it. */
function retryDelayMs(retryAfter: unknown, attempt: number): number {
  let delay: number | null = null;
  if (typeof retryAfter === "string") {
    const s = retryAfter.trim();
    if (/^\d+$/.test(s)) delay = Number(s) * 1000;
    else if (!Number.isNaN(Date.parse(s))) delay = Date.parse(s) - Date.now();
  }
  if (delay === null || delay <= 0) delay = RETRY_BASE_MS * 2 ** attempt;
  return Math.min(delay, RETRY_MAX_MS);
}

export async function remoteFacilitatorClient(
  url: string,
  auth?: FacilitatorAuth,
): Promise<RemoteFacilitator> {
  const authHeaders = (auth ? await authHeadersFor(auth) : undefined) as AuthHeaders | undefined;
  const base = new URL(url.replace(/\/+$/, ""));
  const origin = base.origin;
  const prefix = base.pathname === "/" ? "" : base.pathname;
  const agent = new Agent({ pipelining: 1 });
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }));

  /** One call under its deadline; transport failures and timeouts are facilitator faults. */
  async function call(op: Operation, method: "GET" | "POST", body?: string): Promise<Answer> {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    try {
      // Inside the try: auth headers that cannot be made (a JWT not signed) are a facilitator fault too.
      const headers: Record<string, string> = {
        "content-type": "application/json",
        ...(authHeaders ? ((await authHeaders())[op] ?? {}) : {}),
      };
      const response = await dispatcher.request({
        origin,
        path: `${prefix}/${op}`,
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal,
      } as Dispatcher.RequestOptions);
      return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
    } catch (err) {
      if (signal.aborted) throw new FacilitatorTimeoutError(op, TIMEOUT_MS);
      throw new FacilitatorResponseError(
        `Facilitator ${op} could not be reached: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  const post = async (
    op: "verify" | "settle",
    payload: PaymentPayload,
    requirements: PaymentRequirements,
  ) => {
    const answer = await call(
      op,
      "POST",
      jsonOf({
        x402Version: payload.x402Version,
        paymentPayload: payload,
        paymentRequirements: requirements,
      }),
    );
    if (answer.status < 200 || answer.status > 299) throw failed(op, answer);
    return answer;
  };

  const client: FacilitatorClient = {
    async verify(payload, requirements) {
      const answer = await post("verify", payload, requirements);
      return parsed("verify", answer, (d) => typeof d.isValid === "boolean") as unknown as VerifyResponse;
    },
    async settle(payload, requirements) {
      const answer = await post("settle", payload, requirements);
      return parsed(
        "settle",
        answer,
        (d) =>
          typeof d.success === "boolean" &&
          typeof d.transaction === "string" &&
          typeof d.network === "string",
      ) as unknown as SettleResponse;
    },
    async getSupported() {
      for (let attempt = 0; ; attempt++) {
        const answer = await call("supported", "GET");
        if (answer.status === 429 && attempt < SUPPORTED_ATTEMPTS - 1) {
          await new Promise((r) => setTimeout(r, retryDelayMs(answer.headers["retry-after"], attempt)));
          continue;
        }
        if (answer.status < 200 || answer.status > 299) throw failed("supported", answer);
        const data = parsed(
          "supported",
          answer,
          (d) =>
            Array.isArray(d.kinds) &&
            d.kinds.every(
              (k) =>
                isRecord(k) &&
                typeof k.x402Version === "number" &&
                typeof k.scheme === "string" &&
                typeof k.network === "string",
            ),
        );
        return { extensions: [], signers: {}, ...data } as unknown as SupportedResponse;
      }
    },
  };
  // The service's close may run more than once (a drain, then the process's exit): the second is a no-op.
  let closed: Promise<void> | undefined;
  return { client, close: () => (closed ??= agent.close()) };
}
