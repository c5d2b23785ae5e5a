// Security on the real devnet (issue 17): refusals carry stable reason codes and one log line (no
// exception text, no stack traces), the devnet facilitator is no open relay, deeply nested
// GeoJSON is refused before a price is quoted, and a refused authorization cannot buy more
// computation by being replayed. Balances are read on chain.
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { exactSigner, type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

let t: TestService;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestService({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const hello = (headers: Record<string, string> = {}, body: unknown = { name: "Ada" }) =>
  postJson(fetch, `${t.url}/v1/hello`, body, headers);

const signerFor = (p: Payer) => exactSigner(p.key);

async function termsOf(body: unknown = { name: "Ada" }): Promise<PaymentRequired> {
  const r = await hello({}, body);
  expect(r.status).toBe(402);
  return decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
}

const STABLE = /^[a-z][a-z0-9_]*$/;

describe("payment refusals leak nothing", () => {
  for (const [what, header] of [
    ["not base64", "%%% not a payment %%%"],
    ["base64 of a JSON number", Buffer.from("1").toString("base64")],
    ["base64 of an object without a payload", Buffer.from('{"x402Version":2}').toString("base64")],
  ] as const) {
    it(`a malformed PAYMENT-SIGNATURE (${what}) → 402 invalid_payload, one log line, nothing on stderr`, async () => {
      const warn = vi.spyOn(console, "warn");
      const error = vi.spyOn(console, "error");
      const from = logLines.length;
      const r = await hello({ "payment-signature": header });
      expect(r.status).toBe(402);
      expect(decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "").error).toBe(
        "invalid_payload",
      );
      expect(warn).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
      const lines = logLines.slice(from);
      expect(lines.filter((l) => l.reason === "invalid_payload")).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toMatch(/\n\s+at /);
    });
  }

  it("a payload the verifier chokes on → a stable code in PAYMENT-REQUIRED.error, the text only in one warn line", async () => {
    const p = await t.newPayer();
    const signer = signerFor(p);
    const payload = await signer.createPaymentPayload(await termsOf());
    const broken = {
      ...payload,
      payload: { signature: (payload.payload as { signature: string }).signature },
    };
    const before = await t.balance(p.address);
    const from = logLines.length;
    const r = await hello({ "payment-signature": encodePaymentSignatureHeader(broken) });
    expect(r.status).toBe(402);
    const error = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "").error;
    expect(error).toMatch(STABLE);
    expect(error).not.toMatch(/viem|version/i);
    expect(logLines.slice(from).filter((l) => Number(l.level) >= 40).length).toBeLessThanOrEqual(1);
    expect(await t.balance(p.address)).toBe(before);
  });
});

describe("the devnet facilitator is not an open relay", () => {
  const post = (op: string, body: unknown) =>
    fetch(`${t.service.terms.facilitatorUrl}/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

  it("refuses to verify or settle an authorization to another payTo; balances unchanged on chain", async () => {
    const p = await t.newPayer();
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const terms = await termsOf();
    const accept = terms.accepts[0];
    if (!accept) throw new Error("no terms");
    const theirs = { ...terms, accepts: [{ ...accept, payTo: stranger }] };
    const paymentPayload = await signerFor(p).createPaymentPayload(theirs);
    const request = { paymentPayload, paymentRequirements: theirs.accepts[0] };
    const before = await t.balance(p.address);
    expect((await post("verify", request)).body).toMatchObject({
      isValid: false,
      invalidReason: "invalid_payment_requirements",
    });
    expect((await post("settle", request)).body).toMatchObject({
      success: false,
      errorReason: "invalid_payment_requirements",
    });
    expect(await t.balance(stranger)).toBe(0n);
    expect(await t.balance(p.address)).toBe(before);
  });

  it("refuses another asset too, and still verifies the service's own terms (control)", async () => {
    const p = await t.newPayer();
    const terms = await termsOf();
    const accept = terms.accepts[0];
    if (!accept) throw new Error("no terms");
    const own = await signerFor(p).createPaymentPayload(terms);
    expect((await post("verify", { paymentPayload: own, paymentRequirements: accept })).body).toMatchObject({
      isValid: true,
    });
    const other = { ...accept, asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e" };
    expect((await post("verify", { paymentPayload: own, paymentRequirements: other })).body).toMatchObject({
      isValid: false,
      invalidReason: "invalid_payment_requirements",
    });
  });
});

describe("one nesting-depth limit, checked before any recursion and before a price", () => {
  const collection = (levels: number) => {
    let g: unknown = { type: "Point", coordinates: [-149.9, 61.2] };
    for (let i = 0; i < levels; i++) g = { type: "GeometryCollection", geometries: [g] };
    return { from: "EPSG:4326", to: "EPSG:3857", geojson: g };
  };

  it("a GeometryCollection nested 1,250 deep sent to transform: 400 nestingDepth, no quote, nothing charged", async () => {
    const p = await t.newPayer();
    const before = await t.balance(p.address);
    for (const f of [fetch, p.fetch]) {
      const r = await postJson(f, `${t.url}/v1/transform`, collection(1250));
      expect(r.status).toBe(400);
      expect(r.headers.get("payment-required")).toBeNull();
      expect((await r.json()).error).toMatchObject({
        code: "limit_exceeded",
        path: "$",
        limit: { name: "nestingDepth", max: 64, unit: "levels", actual: 65 },
      });
    }
    expect(await t.balance(p.address)).toBe(before);
  });

  it("the same limit holds for coordinates and features on another route", async () => {
    let coordinates: unknown = [0, 0];
    for (let i = 0; i < 200; i++) coordinates = [coordinates];
    const r = await postJson(fetch, `${t.url}/v1/geojson/validate`, {
      geojson: { type: "Feature", properties: null, geometry: { type: "Polygon", coordinates } },
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error.limit).toMatchObject({ name: "nestingDepth", max: 64 });
  });

  it("a collection just inside the limit is quoted and answered normally", async () => {
    const p = await t.newPayer();
    const body = collection(30); // 2 + 2·30 + 1 = 63 levels
    expect((await postJson(fetch, `${t.url}/v1/transform`, body)).status).toBe(402);
    const r = await postJson(p.fetch, `${t.url}/v1/transform`, body);
    expect(r.status).toBe(200);
  });
});

describe("a refused authorization buys one computation, however often it is sent", () => {
  const requestLines = (from: number) =>
    logLines.slice(from).filter((l) => l.msg === "request" && l.route === "POST /v1/hello");

  it("ten concurrent copies of one signature: one handler run, ten identical refusals, nothing charged, nonce unused", async () => {
    const p = await t.newPayer();
    const body = { name: "Ada", extra: true }; // verified, then refused by the handler: 400
    const payload = await signerFor(p).createPaymentPayload(await termsOf(body));
    const header = { "payment-signature": encodePaymentSignatureHeader(payload) };
    const before = await t.balance(p.address);
    const from = logLines.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => hello(header, body)));
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(400));
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0] ?? "{}").error.code).toBe("unexpected_field");
    const outcomes = requestLines(from).map((l) => l.outcome);
    expect(outcomes.filter((o) => o === "cancelled")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "refused")).toHaveLength(9);
    expect(await t.balance(p.address)).toBe(before);
    const nonce = (payload.payload as { authorization: { nonce: `0x${string}` } }).authorization.nonce;
    expect(await t.service.devnet?.token.authorizationUsed(p.address, nonce)).toBe(false);

    // Later, with the same body or another (valid) body: the recorded refusal, no new run.
    const later = logLines.length;
    for (const b of [body, { name: "Grace" }]) {
      const r = await hello(header, b);
      expect(r.status).toBe(400);
      expect(await r.text()).toBe(texts[0]);
    }
    expect(requestLines(later).map((l) => [l.outcome, l.reason])).toEqual([
      ["refused", "replayed_refusal"],
      ["refused", "replayed_refusal"],
    ]);
    expect(await t.balance(p.address)).toBe(before);
  });

  it("a settled authorization sent again gets the recorded answer (same transaction), charged once; with another body it is refused at verify", async () => {
    const p = await t.newPayer();
    const header = {
      "payment-signature": encodePaymentSignatureHeader(
        await signerFor(p).createPaymentPayload(await termsOf()),
      ),
    };
    const before = await t.balance(p.address);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hello(header)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const transactions = answers.map(
      (r) => decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").transaction,
    );
    expect(new Set(transactions).size).toBe(1);
    expect(await Promise.all(answers.map(async (r) => (await r.json()).hello))).toEqual(Array(5).fill("Ada"));
    const other = await hello(header, { name: "Grace" });
    expect(other.status).toBe(402);
    expect(decodePaymentRequiredHeader(other.headers.get("payment-required") ?? "").error).toMatch(/nonce/);
    expect(before - (await t.balance(p.address))).toBe(1000n);
  });
});

describe("what a payment binds (docs/security.md)", () => {
  it("a signature quoted for one body pays for another body on the same route, once", async () => {
    const p = await t.newPayer();
    const header = {
      "payment-signature": encodePaymentSignatureHeader(
        await signerFor(p).createPaymentPayload(await termsOf({ name: "Ada" })),
      ),
    };
    const before = await t.balance(p.address);
    const r = await hello(header, { name: "Grace" });
    expect(r.status).toBe(200);
    expect((await r.json()).hello).toBe("Grace");
    expect(before - (await t.balance(p.address))).toBe(1000n);
  });

  it("a signature made for one route pays for another route of the same price once its unsigned members are rewritten", async () => {
    const p = await t.newPayer();
    const quote = await fetch(`${t.url}/v1/timezone?lat=61.2181&lon=-149.9003`);
    const timezoneTerms = decodePaymentRequiredHeader(quote.headers.get("payment-required") ?? "");
    const signed = await signerFor(p).createPaymentPayload(timezoneTerms);
    const body = { from: "EPSG:4326", to: "EPSG:3857", coordinates: [[0, 0]] };
    const transform = (payload: unknown) =>
      postJson(fetch, `${t.url}/v1/transform`, body, {
        "payment-signature": encodePaymentSignatureHeader(payload as typeof signed),
      });
    const before = await t.balance(p.address);
    // As signed, the echoed discovery extension names the timezone route: refused, free.
    const asSigned = await transform(signed);
    expect(asSigned.status).toBe(402);
    expect(decodePaymentRequiredHeader(asSigned.headers.get("payment-required") ?? "").error).toBe(
      "extension_echo_mismatch",
    );
    expect(await t.balance(p.address)).toBe(before);
    // resource and extensions are not covered by the EIP-3009 signature: whoever holds it can
    // rewrite them and spend the authorization on any route of the same price.
    const transformTerms = await (async () => {
      const r = await postJson(fetch, `${t.url}/v1/transform`, body);
      return decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
    })();
    const rewritten = { ...signed, resource: transformTerms.resource, extensions: transformTerms.extensions };
    const r = await transform(rewritten);
    expect(r.status).toBe(200);
    expect(before - (await t.balance(p.address))).toBe(5000n);
  });
});
