// HTTP conventions on the real service and devnet: CORS preflight and exposed payment headers,
// compression of paid answers, x-request-id, HEAD (quoted, never settled), and the admin
// listener's /healthz, /readyz and /metrics.
import { mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectMatchesSchema } from "../support/schemas.ts";
import { postJson, REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

const lines: string[] = [];
let t: TestService;
beforeAll(async () => {
  t = await startTestService({
    env: { LOG_LEVEL: "info" },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t?.close());

const ORIGIN = "https://wallet.example";
const TIMEZONE = "/v1/timezone?lat=61.2181&lon=-149.9003&at=2026-03-08T11:00:00Z";

/** Raw bytes on the wire (fetch would decode them), with the headers. */
function raw(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (d: Buffer) => {
        bytes += d.length;
      });
      res.on("end", () => resolve({ headers: res.headers, bytes }));
    })
      .on("error", reject)
      .end();
  });
}

describe("CORS", () => {
  it("answers the official clients' preflight for a paid POST (not 405)", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "OPTIONS",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "access-control-expose-headers,content-type,payment-signature",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-allow-methods")).toContain("POST");
    expect((r.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(["access-control-expose-headers", "content-type", "payment-signature"]),
    );
  });

  it("exposes PAYMENT-REQUIRED on the 402 and PAYMENT-RESPONSE on the paid answer", async () => {
    const quote = await postJson(fetch, `${t.url}/v1/hello`, { name: "cors" }, { origin: ORIGIN });
    expect(quote.status).toBe(402);
    const exposed = (h: Headers) =>
      (h.get("access-control-expose-headers") ?? "").toLowerCase().split(/,\s*/);
    expect(exposed(quote.headers)).toEqual(expect.arrayContaining(["payment-required", "payment-response"]));
    const payer = await t.newPayer();
    const paid = await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "cors" }, { origin: ORIGIN });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("access-control-allow-origin")).toBe("*");
    expect(exposed(paid.headers)).toContain("payment-response");
    expect(paid.headers.get("payment-response")).toBeTruthy();
  });
});

describe("compression", () => {
  it("compresses a paid answer after settling it: decodes, settles, charges exactly once", async () => {
    const payer = await t.newPayer();
    const before = await t.balance(payer.address);
    const body = {
      path: [
        [-150.6, 59.75],
        [-150.4, 59.8],
      ],
      samples: 60,
    };
    const r = await postJson(payer.fetch, `${t.url}/v1/elevation/profile`, body, {
      "accept-encoding": "br, gzip",
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-encoding")).toBe("br");
    const answer = await r.json();
    expectMatchesSchema("elevation-profile.response", answer);
    expect(answer.samples).toHaveLength(60);
    expect(r.headers.get("payment-response")).toBeTruthy();
    expect(before - (await t.balance(payer.address))).toBe(10_000n);
  });

  it("compresses /openapi.json on the wire", async () => {
    const plain = await raw(`${t.url}/openapi.json`, { "accept-encoding": "identity" });
    const gzip = await raw(`${t.url}/openapi.json`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.bytes * 4).toBeLessThan(plain.bytes);
  });
});

describe("x-request-id", () => {
  it("returns a well-formed id as sent and writes it in the request's log line", async () => {
    const id = "trace-7f3a:42";
    const r = await fetch(`${t.url}/`, { headers: { "x-request-id": id } });
    expect(r.headers.get("x-request-id")).toBe(id);
    // The request log line is written in onResponse, after the answer left: wait for it.
    const logged = await vi.waitFor(() => {
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request" && l.reqId === id);
      if (!line) throw new Error("no request log line yet");
      return line;
    });
    expect(logged).toMatchObject({ route: "GET /", status: 200 });
  });

  it("replaces a malformed or oversized id by a generated one", async () => {
    for (const bad of ["has spaces", "x".repeat(129), 'quote"d']) {
      const r = await fetch(`${t.url}/`, { headers: { "x-request-id": bad } });
      const got = r.headers.get("x-request-id") ?? "";
      expect(got).not.toBe(bad);
      expect(got).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("HEAD", () => {
  it("answers HEAD of a free GET route like the GET, without a body", async () => {
    const r = await fetch(`${t.url}/`, { method: "HEAD" });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("");
  });

  it("quotes HEAD of a priced route and never settles it, even with a valid payment", async () => {
    const payer = await t.newPayer();
    const quote = await fetch(`${t.url}${TIMEZONE}`, { method: "HEAD" });
    expect(quote.status).toBe(402);
    const terms = decodePaymentRequiredHeader(quote.headers.get("payment-required") ?? "");
    const client = new x402Client().register("eip155:*", new ExactEvmScheme(privateKeyToAccount(payer.key)));
    const signature = encodePaymentSignatureHeader(await client.createPaymentPayload(terms));
    const before = await t.balance(payer.address);
    const head = await fetch(`${t.url}${TIMEZONE}`, {
      method: "HEAD",
      headers: { "payment-signature": signature },
    });
    expect(head.status).toBe(402);
    expect(head.headers.get("payment-response")).toBeNull();
    expect(await t.balance(payer.address)).toBe(before);
    // The same signature was good: a GET with it is answered and charged once.
    const get = await fetch(`${t.url}${TIMEZONE}`, { headers: { "payment-signature": signature } });
    expect(get.status).toBe(200);
    expect(before - (await t.balance(payer.address))).toBe(5_000n);
  });
});

describe("admin listener", () => {
  const admin = () => t.service.adminUrl ?? "";

  it("serves /healthz and /readyz on its own loopback port, not on the API port", async () => {
    expect(new URL(admin()).hostname).toBe("127.0.0.1");
    expect(admin()).not.toBe(t.url);
    expect((await fetch(`${admin()}/healthz`)).status).toBe(200);
    const ready = await fetch(`${admin()}/readyz`);
    const state = await ready.json();
    expect(ready.status, JSON.stringify(state)).toBe(200);
    expect(state.payment).toEqual({ ok: true });
    expect(state.compute).toBe(true);
    expect(state.families.map((f: { family: string }) => f.family)).toEqual(
      expect.arrayContaining(["timezone", "enc", "dem", "census"]),
    );
    for (const p of ["/healthz", "/readyz", "/metrics"])
      expect((await fetch(`${t.url}${p}`)).status).toBe(404);
  });

  it("counts a paid call by route, status and payment outcome, and times its verify and settle", async () => {
    const value = async (pattern: RegExp) => {
      const text = await (await fetch(`${admin()}/metrics`)).text();
      const m = text.match(pattern);
      return m ? Number(m[1]) : 0;
    };
    const settled =
      /geo402_http_requests_total\{method="POST",route="\/v1\/hello",status="200",payment="settled"\} (\d+)/;
    const settles = /geo402_facilitator_seconds_count\{operation="settle",outcome="ok"\} (\d+)/;
    const verifies = /geo402_facilitator_seconds_count\{operation="verify",outcome="ok"\} (\d+)/;
    const before = [await value(settled), await value(settles), await value(verifies)];
    const payer = await t.newPayer();
    expect((await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "metrics" })).status).toBe(200);
    expect([await value(settled), await value(settles), await value(verifies)]).toEqual(
      before.map((n) => n + 1),
    );
    const text = await (await fetch(`${admin()}/metrics`)).text();
    expect(text).toMatch(/geo402_compute_queue_depth \d+/);
  });
});

describe("readiness with a family missing", () => {
  let partial: TestService;
  beforeAll(async () => {
    // Every built family but timezone, linked into a fresh artifacts folder.
    const dir = mkdtempSync(path.join(tmpdir(), "geo402-artifacts-"));
    const built = path.join(REPO_ROOT, "artifacts");
    for (const family of readdirSync(built).filter((f) => !["timezone", "format", "README.md"].includes(f)))
      symlinkSync(path.join(built, family), path.join(dir, family));
    partial = await startTestService({ env: { GEO402_ARTIFACTS: dir } });
  });
  afterAll(() => partial?.close());

  it("is live but not ready, and names the missing family", async () => {
    const base = partial.service.adminUrl ?? "";
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const r = await fetch(`${base}/readyz`);
    expect(r.status).toBe(503);
    const state = await r.json();
    expect(state.ready).toBe(false);
    expect(state.payment).toEqual({ ok: true });
    expect(state.families).toContainEqual(
      expect.objectContaining({ family: "timezone", state: "unavailable" }),
    );
  });
});
