// Each pre-payment refusal is a 400 with its own code, no PAYMENT-REQUIRED, and nothing charged.
import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../support/service.ts";
import { sharedTestService } from "../support/shared-service.ts";

let t: TestService;
beforeAll(async () => {
  t = await sharedTestService();
});

async function expectRefused(r: Response, code: string) {
  expect(r.status).toBe(400);
  expect(r.headers.get("payment-required")).toBeNull();
  const body = await r.json();
  expect(body.error.code).toBe(code);
  return body.error;
}

/** Raw HTTP for bodies fetch will not send (lying lengths, chunked streams). */
function raw(opts: {
  headers: Record<string, string | number>;
  chunks: Buffer[];
}): Promise<{ status: number; body: string }> {
  const u = new URL(`${t.url}/v1/hello`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, method: "POST", path: u.pathname, headers: opts.headers },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => {
          body += d.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    for (const c of opts.chunks) req.write(c);
    req.end();
  });
}

describe("pre-payment refusals", () => {
  it("Content-Length over 1048576 → body_too_large", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(1_048_600) }),
    });
    const err = await expectRefused(r, "body_too_large");
    expect(err.limit).toMatchObject({ name: "bodyBytes", max: 1048576, unit: "bytes" });
  });

  it("a chunked body that grows over the cap while reading → body_too_large", async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const res = await raw({
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      chunks: [Buffer.from('{"name":"'), chunk, chunk, chunk, chunk, chunk, Buffer.from('"}')],
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe("body_too_large");
  });

  it("a declared non-JSON Content-Type → unsupported_media_type", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: '{"name":"x"}',
    });
    await expectRefused(r, "unsupported_media_type");
  });

  it("unparseable JSON → invalid_json", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{name:",
    });
    await expectRefused(r, "invalid_json");
  });

  it("a __proto__ member → invalid_json", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"x","__proto__":{"polluted":true}}',
    });
    await expectRefused(r, "invalid_json");
  });

  it("a __proto__ member spelled with \\u escapes → invalid_json", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"x","\\u005f_proto\\u005f_":{"polluted":true}}',
    });
    await expectRefused(r, "invalid_json");
  });

  it("a missing required member → missing_field naming it", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const err = await expectRefused(r, "missing_field");
    expect(err).toMatchObject({ field: "name", path: "$.name" });
  });

  it("a JSON body that is not an object → missing_field", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "[1]",
    });
    await expectRefused(r, "missing_field");
  });

  it("no Content-Type at all is read as JSON and quoted", async () => {
    const res = await raw({ headers: { "content-length": 12 }, chunks: [Buffer.from('{"name":"x"}')] });
    expect(res.status).toBe(402);
  });

  it("application/geo+json and a charset parameter are JSON too", async () => {
    for (const type of ["application/geo+json", "application/json; charset=utf-8"]) {
      const r = await fetch(`${t.url}/v1/hello`, {
        method: "POST",
        headers: { "content-type": type },
        body: '{"name":"x"}',
      });
      expect(r.status).toBe(402);
    }
  });
});

describe("routing", () => {
  it("an unknown path → 404 not_found", async () => {
    const r = await fetch(`${t.url}/v1/nope`);
    expect(r.status).toBe(404);
    expect((await r.json()).error.code).toBe("not_found");
  });

  it("a known path with the wrong method → 405 method_not_allowed with Allow", async () => {
    const r = await fetch(`${t.url}/v1/hello`);
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect((await r.json()).error.code).toBe("method_not_allowed");
  });

  it("a query string or trailing decoration cannot dodge the price", async () => {
    const q = await fetch(`${t.url}/v1/hello?free=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name":"x"}',
    });
    expect(q.status).toBe(402);
    for (const path of ["/v1/hello%c0", "/v1/hello/", "/V1/HELLO"]) {
      const r = await fetch(`${t.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"name":"x"}',
      });
      expect(r.status).toBe(404);
    }
  });

  it("answers carry security headers and no stack traces", async () => {
    const r = await fetch(`${t.url}/v1/hello`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    const text = await r.text();
    expect(text).not.toMatch(/at .*\.ts:|node_modules|\/work\//);
  });
});
