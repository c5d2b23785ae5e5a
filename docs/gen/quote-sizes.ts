// The PAYMENT-REQUIRED header of every priced route, measured on the running service (both
// revisions, the embedded devnet, GEO402_PUBLIC_URL set to QUOTE_SIZES_PUBLIC_URL so the resource
// URL has a deployment's length and the figures do not depend on a port), rendered as one table
// per revision in docs/discovery.md, in its generated block `quote-sizes`.
// `npm run docs` rewrites it; test/e2e/discovery.e2e.test.ts measures the 402s again and fails when
// the table differs.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogFor } from "../../service/catalog.ts";
import { loadConfig, type Revision } from "../../service/config.ts";
import { PROJECT_ROOT } from "../../service/project-root.ts";
import { type CatalogEntry, isFree, queryString, routeKey } from "../../service/route-types.ts";
import { startService } from "../../service/runtime.ts";
import { generatedBlock, withGeneratedBlock } from "./generated-block.ts";

export const QUOTE_SIZES_PUBLIC_URL = "https://geo402.example.com";
export const DISCOVERY_DOC = path.join(PROJECT_ROOT, "docs/discovery.md");
const QUOTE_SIZES_BLOCK = "quote-sizes";

/** nginx's default `proxy_buffer_size` on this machine (one memory page): the whole upstream header block must fit. */
export const PROXY_HEADER_BUFFER_BYTES = 4096;

/** The route's catalog example as a fetch call (a 402 needs the required members present). */
export const exampleRequest = (base: string, entry: CatalogEntry): [string, RequestInit] => {
  const query = queryString(entry.example.query);
  return [
    `${base}${entry.path}${query ? `?${query}` : ""}`,
    entry.method === "POST"
      ? {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(entry.example.body),
        }
      : {},
  ];
};

export interface QuoteSize {
  route: string;
  /** Bytes of the PAYMENT-REQUIRED header's value (base64 JSON). */
  paymentRequiredBytes: number;
  /** Bytes of the whole header block: status line, every header line, the blank line. */
  headerBlockBytes: number;
}

/** The 402 of every priced route of `revision` from the service at `url`. */
export async function measureQuoteSizes(url: string, revision: Revision): Promise<QuoteSize[]> {
  const sizes: QuoteSize[] = [];
  for (const entry of catalogFor(revision).filter((e) => !isFree(e))) {
    const r = await fetch(...exampleRequest(url, entry));
    await r.arrayBuffer();
    if (r.status !== 402) throw new Error(`${routeKey(entry)} answered ${r.status}, not 402`);
    let headerBlockBytes = Buffer.byteLength(`HTTP/1.1 402 Payment Required\r\n\r\n`);
    r.headers.forEach((v, k) => {
      headerBlockBytes += Buffer.byteLength(`${k}: ${v}\r\n`);
    });
    const paymentRequiredBytes = Buffer.byteLength(r.headers.get("payment-required") ?? "");
    sizes.push({ route: routeKey(entry), paymentRequiredBytes, headerBlockBytes });
  }
  return sizes;
}

/** The table of one revision (PAYMENT-REQUIRED bytes only: the other headers are not the 402's own). */
export function renderQuoteSizes(revision: Revision, sizes: readonly QuoteSize[]): string {
  const largest = sizes.reduce((a, b) => (b.paymentRequiredBytes > a.paymentRequiredBytes ? b : a));
  return [
    `Revision ${revision}: ${sizes.length} priced routes, largest \`PAYMENT-REQUIRED\` ${largest.paymentRequiredBytes} bytes (\`${largest.route}\`).`,
    "",
    "| route | `PAYMENT-REQUIRED` bytes |",
    "|---|---:|",
    ...sizes.map((s) => `| \`${s.route}\` | ${s.paymentRequiredBytes} |`),
  ].join("\n");
}

/** Starts the service of `revision` on the devnet, as `npm run docs` does, and measures its 402s. */
async function measureRevision(revision: Revision): Promise<QuoteSize[]> {
  const config = loadConfig(
    {
      GEO402_REVISION: revision,
      PORT: "0",
      GEO402_ADMIN_PORT: "off",
      LOG_LEVEL: "silent",
      GEO402_PUBLIC_URL: QUOTE_SIZES_PUBLIC_URL,
      GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-docs-")),
      GEO402_ARTIFACTS: path.join(PROJECT_ROOT, "artifacts"),
    },
    PROJECT_ROOT,
  );
  const service = await startService(config);
  try {
    await service.warm;
    return await measureQuoteSizes(service.url, revision);
  } finally {
    await service.close();
  }
}

/** The routes docs/discovery.md's table of `revision` lists, in its order. */
export function documentedQuoteRoutes(doc: string, revision: Revision): string[] {
  const block = generatedBlock(doc, QUOTE_SIZES_BLOCK);
  const from = block.indexOf(`Revision ${revision}: `);
  if (from < 0) return [];
  const table = block.slice(from).split("\n\n")[1] ?? "";
  return [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] ?? "");
}

export async function writeQuoteSizes(): Promise<void> {
  const tables: string[] = [];
  for (const revision of ["A", "B"] as const)
    tables.push(renderQuoteSizes(revision, await measureRevision(revision)));
  const doc = readFileSync(DISCOVERY_DOC, "utf8");
  writeFileSync(DISCOVERY_DOC, withGeneratedBlock(doc, QUOTE_SIZES_BLOCK, `\n${tables.join("\n\n")}\n`));
}
