// Content-Encoding fuzz (issue 30 item 4): every POST route and /mcp, with each request coding a
// client may send over bodies that match it or not. A coding the service does not decode is 415
// unsupported_content_encoding, a body that does not decode with its coding is 400 malformed_body,
// both before any 402; never a 5xx. A body that does decode is read as if sent plain.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG, catalogFor } from "../../service/catalog.ts";
import { MCP_PATH } from "../../service/mcp/http-route.ts";
import type { TestService } from "../support/service.ts";
import { withSharedServiceAndPayer } from "../support/shared-service.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 402);

const DECODED = ["gzip", "deflate", "br"] as const;
type Decoded = (typeof DECODED)[number];
const ENCODE: Record<Decoded, (b: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};
/** Codings the service does not decode: registered ones, aliases, lists, case, garbage. */
const UNDECODED = ["zstd", "compress", "x-gzip", "GZIP", "gzip, br", "gzip,gzip", "dcb", "*", "bogus"];

type Body = { kind: "plain" | "encoded" | "garbage" | "truncated" | "empty"; bytes: Buffer };

let t: TestService;
withSharedServiceAndPayer((service) => {
  t = service;
});

const routes = [
  ...catalogFor("B", CATALOG)
    .filter((e) => e.method === "POST")
    .map((e) => ({ path: e.path, json: JSON.stringify(e.example.body) })),
  {
    path: MCP_PATH,
    json: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  },
];

beforeAll(() => {
  expect(routes.length).toBeGreaterThan(10);
});

function bodyFor(json: string, coding: string, kind: Body["kind"], noise: Uint8Array): Body {
  const plain = Buffer.from(json);
  const encode = ENCODE[coding as Decoded];
  switch (kind) {
    case "plain":
      return { kind, bytes: plain };
    case "encoded":
      return { kind, bytes: encode ? encode(plain) : plain };
    case "garbage":
      return { kind, bytes: Buffer.from(noise) };
    case "truncated": {
      const full = encode ? encode(plain) : plain;
      return { kind, bytes: full.subarray(0, Math.max(1, Math.floor(full.length / 2))) };
    }
    case "empty":
      return { kind, bytes: Buffer.alloc(0) };
  }
}

describe("content-encoding fuzz", () => {
  it("every coding × body × POST route is a 4xx or a quote, never a 5xx", async () => {
    const cases = fc.sample(
      fc.record({
        route: fc.constantFrom(...routes),
        coding: fc.constantFrom<string>(...DECODED, ...UNDECODED, "identity"),
        kind: fc.constantFrom<Body["kind"]>("plain", "encoded", "garbage", "truncated", "empty"),
        noise: fc.uint8Array({ minLength: 1, maxLength: 64 }),
      }),
      { numRuns: RUNS, seed: SEED },
    );
    const serverErrors: string[] = [];
    const wrongRefusals: string[] = [];
    for (const c of cases) {
      const body = bodyFor(c.route.json, c.coding, c.kind, c.noise);
      const label = `${c.route.path} ${c.coding} ${body.kind}`;
      const r = await fetch(`${t.url}${c.route.path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-encoding": c.coding,
          accept: "application/json, text/event-stream",
        },
        body: new Uint8Array(body.bytes),
      });
      const text = await r.text();
      if (r.status >= 500) serverErrors.push(`${label}: ${r.status} ${text.slice(0, 120)}`);
      const code =
        r.status >= 400 ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
      const expected = expectedRefusal(c.coding, body);
      if (expected && code !== expected)
        wrongRefusals.push(`${label}: ${r.status} ${code}, expected ${expected}`);
    }
    console.log(`content-encoding fuzz: ${cases.length} requests over ${routes.length} POST routes`);
    expect(serverErrors).toEqual([]);
    expect(wrongRefusals).toEqual([]);
  });

  it("a body that decodes with its coding is read as if sent plain (a quote, not a refusal)", async () => {
    const route = routes.find((r) => r.path === "/v1/hello") ?? routes[0];
    if (!route) throw new Error("no POST route");
    for (const coding of DECODED) {
      const r = await fetch(`${t.url}${route.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": coding },
        body: new Uint8Array(ENCODE[coding](Buffer.from(route.json))),
      });
      await r.arrayBuffer();
      expect(r.status, coding).toBe(402);
    }
  });
});

/** The stable refusal a request must get, or undefined where its body decides (a quote or a 400). */
function expectedRefusal(coding: string, body: Body): string | undefined {
  if (UNDECODED.includes(coding)) return "unsupported_content_encoding";
  if (coding === "identity") return undefined;
  // A plain or garbage body under a real coding does not decode (an empty one decodes to nothing).
  if (body.kind === "plain" || body.kind === "garbage") return "malformed_body";
  return undefined;
}
