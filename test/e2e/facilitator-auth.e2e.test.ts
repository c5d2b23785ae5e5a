// A hosted facilitator's auth (issue 28 item 1): the service configured with a CDP API key
// (CDP_API_KEY_ID / CDP_API_KEY_SECRET; @coinbase/x402 builds a JWT per call) in front of a
// stand-in that verifies the JWT as CDP documents it (algorithm per key type, kid, iss, sub,
// nbf/exp, `uris` naming the exact call) and forwards to the devnet's facilitator: a paid call
// settles on chain. With a wrong key readiness fails naming the 401, and a signed payment is
// refused with nothing settled (nonce unused, balance unchanged on chain). The secret and the JWTs
// appear in no log line, no metric and no error body. Static FACILITATOR_HEADERS reach the
// facilitator on every call. A PayAI key (PAYAI_API_KEY_ID / PAYAI_API_KEY_SECRET, @payai/facilitator)
// is checked the same way against PayAI's JWT rules.
import { generateKeyPairSync } from "node:crypto";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import type { Devnet } from "../../service/devnet/devnet.ts";
import type { RunningService } from "../../service/runtime.ts";
import { exactSigner, payingFetch, postJson, startRemoteService } from "../support/service.ts";
import {
  type CdpKey,
  type PayaiKey,
  type Standin,
  startStandinFacilitator,
  withFacilitatorDevnet,
} from "../support/standin-facilitator.ts";

const HELLO_PRICE = 1_000n;
const KEY_ID = "organizations/test-org/apiKeys/test-key";

/** An ECDSA CDP key: its secret as CDP hands it out (PEM) and its public half for the stand-in. */
function ecKey(): { secret: string; key: CdpKey } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    secret: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    key: { apiKeyId: KEY_ID, publicKey, alg: "ES256" },
  };
}

/** An Ed25519 CDP key: its secret is the base64 of the 32-byte seed and the 32-byte public key. */
function edKey(): { secret: string; key: CdpKey } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const jwk = privateKey.export({ format: "jwk" });
  const secret = Buffer.concat([
    Buffer.from(jwk.d as string, "base64url"),
    Buffer.from(jwk.x as string, "base64url"),
  ]).toString("base64");
  return { secret, key: { apiKeyId: KEY_ID, publicKey, alg: "EdDSA" } };
}

/** A PayAI key: its secret as PayAI's portal shows it (`payai_sk_` + base64 PKCS#8) and its public half. */
function payaiKey(apiKeyId: string): { secret: string; key: PayaiKey } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const der = privateKey.export({ type: "pkcs8", format: "der" });
  return { secret: `payai_sk_${der.toString("base64")}`, key: { apiKeyId, publicKey } };
}

const remote = withFacilitatorDevnet();
let devnet: Devnet;
const logs: string[] = [];

beforeAll(() => {
  devnet = remote.devnet();
});

async function standinFor(opts: {
  cdp?: CdpKey;
  payai?: PayaiKey;
  headers?: Record<string, string>;
}): Promise<Standin> {
  const s = await startStandinFacilitator({
    forwardTo: devnet.facilitatorUrl,
    ...(opts.cdp ? { prefix: "/platform/v2/x402", cdp: opts.cdp } : {}),
    ...(opts.payai ? { payai: opts.payai } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
  remote.closeLater(() => s.close());
  return s;
}

async function serviceWith(env: Record<string, string>): Promise<RunningService> {
  const service = await startRemoteService(
    { PAY_TO: devnet.payTo, ...env },
    { write: (line) => void logs.push(line) },
  );
  remote.closeLater(() => service.close());
  return service;
}

const readyz = async (service: RunningService) => {
  const r = await fetch(`${service.adminUrl}/readyz`);
  return { status: r.status, body: (await r.json()) as { payment: { ok: boolean; reason?: string } } };
};

async function fundedPayer(atomic: bigint) {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.token.mint(address, atomic);
  return { key, address };
}

describe("Coinbase CDP: a JWT per call, checked by a stand-in, settling on the devnet", () => {
  const good = ecKey();
  const wrong = ecKey();
  let s: Standin;
  let service: RunningService;
  let exposed: string[];

  beforeAll(async () => {
    s = await standinFor({ cdp: good.key });
    service = await serviceWith({
      FACILITATOR_URL: s.url,
      CDP_API_KEY_ID: KEY_ID,
      CDP_API_KEY_SECRET: good.secret,
    });
  });

  it("is ready, and a paid call settles through the stand-in: the payer's balance falls by the price", async () => {
    expect((await readyz(service)).status).toBe(200);
    const payer = await fundedPayer(10_000n);
    const r = await postJson(payingFetch(payer.key), `${service.url}/v1/hello`, { name: "Ada" });
    expect(r.status).toBe(200);
    expect(await devnet.token.balanceOf(payer.address)).toBe(10_000n - HELLO_PRICE);
    const ops = s.calls.filter((c) => c.authorized).map((c) => c.op);
    expect(ops).toEqual(expect.arrayContaining(["supported", "verify", "settle"]));
    expect(s.calls.every((c) => c.authorized)).toBe(true);
    exposed = s.calls.map((c) => String(c.headers.authorization).replace(/^Bearer /, ""));
  });

  it("with a wrong key: /readyz 503 naming the 401, a signed payment refused 502 and nothing settled on chain", async () => {
    const bad = await serviceWith({
      FACILITATOR_URL: s.url,
      CDP_API_KEY_ID: KEY_ID,
      CDP_API_KEY_SECRET: wrong.secret,
    });
    const state = await readyz(bad);
    expect(state.status).toBe(503);
    expect(state.body.payment).toEqual({ ok: false, reason: "facilitator /supported answered HTTP 401" });
    // A correct payment, signed on the terms the well-keyed replica quotes, sent to the wrong-keyed one.
    const payer = await fundedPayer(10_000n);
    const quote = await postJson(fetch, `${service.url}/v1/hello`, { name: "Ada" });
    const signer = exactSigner(payer.key);
    const payload = await signer.createPaymentPayload(
      decodePaymentRequiredHeader(quote.headers.get("payment-required") ?? ""),
    );
    const authorizedBefore = s.calls.filter((c) => c.authorized && c.op !== "supported").length;
    const r = await postJson(
      fetch,
      `${bad.url}/v1/hello`,
      { name: "Ada" },
      signer.encodePaymentSignatureHeader(payload),
    );
    expect(r.status).toBe(502);
    const body = await r.text();
    expect(JSON.parse(body).error).toMatchObject({ code: "facilitator_unavailable", stage: "supported" });
    const nonce = (payload.payload as { authorization: { nonce: `0x${string}` } }).authorization.nonce;
    expect(await devnet.token.authorizationUsed(payer.address, nonce)).toBe(false);
    expect(await devnet.token.balanceOf(payer.address)).toBe(10_000n);
    expect(s.calls.filter((c) => c.authorized && c.op !== "supported").length).toBe(authorizedBefore);
    for (const secret of [good.secret, wrong.secret]) expect(body).not.toContain(secret.slice(40, 80));
  });

  it("never writes the secret or a JWT to a log line, /metrics or an error body", async () => {
    const metrics = await (await fetch(`${service.adminUrl}/metrics`)).text();
    const readiness = JSON.stringify((await readyz(service)).body);
    const text = [logs.join("\n"), metrics, readiness].join("\n");
    expect(logs.length).toBeGreaterThan(0);
    // The PEM's base64 body, a slice of it that no other text would contain by chance.
    for (const secret of [good.secret, wrong.secret]) expect(text).not.toContain(secret.slice(40, 80));
    for (const jwt of exposed) expect(text).not.toContain(jwt.split(".")[2]);
  });
});

describe("the other auths", () => {
  it("an Ed25519 CDP key signs EdDSA JWTs the stand-in accepts: ready", async () => {
    const ed = edKey();
    const s = await standinFor({ cdp: ed.key });
    const service = await serviceWith({
      FACILITATOR_URL: s.url,
      CDP_API_KEY_ID: KEY_ID,
      CDP_API_KEY_SECRET: ed.secret,
    });
    expect((await readyz(service)).status).toBe(200);
    expect(s.calls.length).toBeGreaterThan(0);
    expect(s.calls.every((c) => c.authorized)).toBe(true);
    expect(logs.join("\n")).not.toContain(ed.secret);
  });

  it("a PayAI key signs the JWTs PayAI checks: a paid call settles; another key is refused at readiness", async () => {
    const good = payaiKey("payai-key-1");
    const s = await standinFor({ payai: good.key });
    const service = await serviceWith({
      FACILITATOR_URL: s.url,
      PAYAI_API_KEY_ID: good.key.apiKeyId,
      PAYAI_API_KEY_SECRET: good.secret,
    });
    expect((await readyz(service)).status).toBe(200);
    const payer = await fundedPayer(10_000n);
    const r = await postJson(payingFetch(payer.key), `${service.url}/v1/hello`, { name: "Ada" });
    expect(r.status).toBe(200);
    expect(await devnet.token.balanceOf(payer.address)).toBe(10_000n - HELLO_PRICE);
    expect(s.calls.map((c) => c.op)).toEqual(expect.arrayContaining(["supported", "verify", "settle"]));
    expect(s.calls.every((c) => c.authorized)).toBe(true);

    // Another key id, whose registered public key is not the one the service signs with. (Not the
    // same id: @payai/facilitator caches one token per key id for the whole process.)
    const other = payaiKey("payai-key-2");
    const checking = await standinFor({ payai: { ...other.key, publicKey: good.key.publicKey } });
    const bad = await serviceWith({
      FACILITATOR_URL: checking.url,
      PAYAI_API_KEY_ID: other.key.apiKeyId,
      PAYAI_API_KEY_SECRET: other.secret,
    });
    expect((await readyz(bad)).body.payment).toEqual({
      ok: false,
      reason: "facilitator /supported answered HTTP 401",
    });
    for (const secret of [good.secret, other.secret])
      expect(logs.join("\n")).not.toContain(secret.slice(20, 60));
  });

  it("FACILITATOR_HEADERS reach the facilitator on every call; a paid call settles", async () => {
    const headers = { "X-Api-Key": "static-secret-4c1f" };
    const s = await standinFor({ headers });
    const service = await serviceWith({
      FACILITATOR_URL: s.url,
      FACILITATOR_HEADERS: JSON.stringify(headers),
    });
    expect((await readyz(service)).status).toBe(200);
    const payer = await fundedPayer(10_000n);
    const r = await postJson(payingFetch(payer.key), `${service.url}/v1/hello`, { name: "Ada" });
    expect(r.status).toBe(200);
    expect(await devnet.token.balanceOf(payer.address)).toBe(10_000n - HELLO_PRICE);
    expect(s.calls.every((c) => c.authorized)).toBe(true);
    expect(logs.join("\n")).not.toContain("static-secret-4c1f");
  });
});
