// The Host header is never trusted (issue 17 item 2): payment terms' resource and OpenAPI
// `servers` name the service's own URL (configured public URL or listener address) whatever Host
// says, the 402 answer does not vary with Host (so junk hosts cannot fill a cache), and a browser's
// HTML paywall is never served to a JSON client.
import { request } from "node:http";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1NoticeBody } from "../../service/payment/v1-notice.ts";
import { startTestService, type TestService } from "../support/service.ts";

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with exactly the Host (and other) headers given: fetch does not let Host be chosen. */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  const u = new URL(url);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, method, path, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const hello = (url: string, host: string, extra: Record<string, string> = {}) =>
  raw(url, "POST", "/v1/hello", { host, "content-type": "application/json", ...extra }, '{"name":"h"}');

describe("without a configured public URL", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t?.close());

  it("names the listener in the terms' resource, whatever Host says", async () => {
    const r = await hello(t.url, "attacker.example:4450");
    expect(r.status).toBe(402);
    const terms = decodePaymentRequiredHeader(String(r.headers["payment-required"]));
    expect(terms.resource?.url).toBe(`${t.url}/v1/hello`);
  });

  it("gives byte-identical 402 terms for 200 different Host values", async () => {
    const first = await hello(t.url, "junk-0.example");
    for (let i = 1; i < 200; i++) {
      const r = await hello(t.url, `junk-${i}.example:${1000 + i}`);
      expect(r.headers["payment-required"]).toBe(first.headers["payment-required"]);
    }
  });

  it("puts the listener in OpenAPI servers, whatever Host says", async () => {
    const r = await raw(t.url, "GET", "/openapi.json", { host: "attacker.example" });
    expect(r.status).toBe(200);
    expect((JSON.parse(r.body) as { servers: { url: string }[] }).servers).toEqual([{ url: t.url }]);
  });

  it("answers a browser with the HTML paywall and a JSON client after it with the JSON body", async () => {
    const browser = await hello(t.url, "x", { accept: "text/html", "user-agent": "Mozilla/5.0" });
    expect(browser.status).toBe(402);
    expect(String(browser.headers["content-type"])).toContain("text/html");
    const client = await hello(t.url, "x");
    expect(client.status).toBe(402);
    expect(JSON.parse(client.body)).toEqual(v1NoticeBody().body);
    expect(String(client.headers["content-type"])).toContain("application/json");
  });
});

describe("with GEO402_PUBLIC_URL", () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ env: { GEO402_PUBLIC_URL: "https://geo402.example/" } });
  });
  afterAll(() => t?.close());

  it("names the public URL in the terms and in OpenAPI servers", async () => {
    const r = await hello(t.url, "attacker.example");
    const terms = decodePaymentRequiredHeader(String(r.headers["payment-required"]));
    expect(terms.resource?.url).toBe("https://geo402.example/v1/hello");
    const doc = await raw(t.url, "GET", "/openapi.json", { host: "attacker.example" });
    expect((JSON.parse(doc.body) as { servers: { url: string }[] }).servers).toEqual([
      { url: "https://geo402.example" },
    ]);
  });
});
