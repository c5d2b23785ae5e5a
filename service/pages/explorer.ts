// The HTML explorer at `/`: a person's view of the catalog. Only a request that prefers text/html
// to JSON (a browser's navigation Accept) gets it; `*/*`, no Accept, curl and every JSON client
// get the JSON catalog unchanged (the `/` route's own handler). The page is rendered from the same
// catalog entries the JSON form lists — every route with its price and limits — plus a form that
// tries a route with its example, paid by the browser's wallet with the official @x402/fetch
// (wallet-fetch.ts, as on the paywall), and a Leaflet map that draws the geographic parts of the
// answer over the project's own base layer (basemap.ts). Script and styles come from the service's
// own origin (page-scripts.ts); the page's CSP allows exactly that, API answers keep theirs.
import escapeHtml from "escape-html";
import type { FastifyInstance } from "fastify";
import Negotiator from "negotiator";
import { JSON_MEDIA_TYPE } from "../answer-format.ts";
import { type CatalogEntry, isFree, type PaymentTerms, queryString, routeKey } from "../route-types.ts";
import { BASEMAP_PATH } from "./basemap.ts";

export const EXPLORER_SCRIPT = "/pages/explorer.js";
export const EXPLORER_STYLE = "/pages/explorer.css";
const HTML_MEDIA_TYPE = "text/html";

/**
 * The explorer's policy: its script and stylesheet from the service's own origin, fetch to the
 * service, and data: images (the base layer is painted on a canvas and shown as an image).
 */
export const EXPLORER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

// True only when the Accept header ranks text/html above JSON by RFC 9110 media-range rules
// (quality, then the more specific range): */* and no header mean JSON. jshttp's negotiator (as
// answer-format.ts): @fastify/accept-negotiator matches tokens (encodings) and reads */* as no
// match at all, so "text/html;q=0.5, */*" would get the page.
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return (
    new Negotiator({ headers: { accept } }).mediaType([JSON_MEDIA_TYPE, HTML_MEDIA_TYPE]) === HTML_MEDIA_TYPE
  );
}

/** One route as the page's script reads it (a JSON block, never executed). */
export interface ExplorerRoute {
  key: string;
  method: CatalogEntry["method"];
  path: string;
  price: string;
  /** The request the form starts from: the query string of a GET, the JSON body of a POST. */
  example: string;
}

export interface ExplorerPageData {
  routes: ExplorerRoute[];
  basemap: string;
  network: string;
}

const priceOf = (e: CatalogEntry) => (isFree(e) ? "free" : `$${e.price}`);

const exampleOf = (e: CatalogEntry) =>
  e.method === "GET" ? queryString(e.example.query) : JSON.stringify(e.example.body ?? {}, null, 2);

const limitText = (l: CatalogEntry["limits"][number]) =>
  `${l.name} ${l.min !== undefined ? `${l.min}…${l.max}` : `≤ ${l.max}`} ${l.unit}`;

/** JSON safe inside a <script type="application/json"> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function renderExplorer(
  entries: readonly CatalogEntry[],
  terms: Pick<PaymentTerms, "network" | "payTo">,
): string {
  const tried = entries.filter((e) => e.path !== "/");
  const data: ExplorerPageData = {
    routes: tried.map((e) => ({
      key: routeKey(e),
      method: e.method,
      path: e.path,
      price: priceOf(e),
      example: exampleOf(e),
    })),
    basemap: BASEMAP_PATH,
    network: terms.network,
  };
  const rows = entries
    .map(
      (e) => `<tr data-route="${escapeHtml(routeKey(e))}">
<td><code>${escapeHtml(routeKey(e))}</code></td>
<td class="price">${escapeHtml(priceOf(e))}</td>
<td>${escapeHtml(e.summary)}</td>
<td>${e.limits.map((l) => `<span title="${escapeHtml(l.detail)}">${escapeHtml(limitText(l))}</span>`).join("<br>")}</td>
</tr>`,
    )
    .join("\n");
  const options = tried
    .map(
      (e) =>
        `<option value="${escapeHtml(routeKey(e))}">${escapeHtml(`${routeKey(e)} · ${priceOf(e)}`)}</option>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>geo402 explorer</title>
<link rel="stylesheet" href="${EXPLORER_STYLE}">
<script type="application/json" id="geo402-explorer">${scriptJson(data)}</script>
<script type="module" src="${EXPLORER_SCRIPT}"></script>
</head>
<body>
<header>
<h1>geo402</h1>
<p>Geospatial primitives paid per call in USDC (x402 v2) on <code>${escapeHtml(terms.network)}</code>,
paid to <code>${escapeHtml(terms.payTo)}</code>. You pay only for an answer delivered.
A program that does not ask for HTML gets this catalog as JSON at this address; the OpenAPI
document is <a href="/openapi.json">/openapi.json</a>.</p>
</header>
<main>
<section class="try">
<h2>Try a route</h2>
<label for="route">Route</label>
<select id="route">
${options}
</select>
<label for="request" id="request-label">Request</label>
<textarea id="request" spellcheck="false"></textarea>
<div>
<button id="connect" type="button">Connect wallet</button>
<button id="send" type="button" disabled>Pay and send</button>
</div>
<p id="status" role="status">A browser wallet (EIP-1193) holding USDC on ${escapeHtml(terms.network)} pays the calls.</p>
<div id="map" aria-label="Map of the answer"></div>
<pre id="answer" hidden></pre>
</section>
<section class="routes">
<h2>Routes</h2>
<table id="routes">
<thead><tr><th>Route</th><th>Price</th><th>What it does</th><th>Limits</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>
</main>
</body>
</html>
`;
}

/** GET (and HEAD) `/` answer the page to a request that prefers HTML; every answer there varies by Accept. */
export function registerExplorer(
  app: FastifyInstance,
  entries: readonly CatalogEntry[],
  terms: PaymentTerms,
): void {
  const html = renderExplorer(entries, terms);
  app.addHook("onRequest", (req, reply, done) => {
    // The raw URL first: `routeOptions` builds an object per read, and this hook sees every request.
    if ((req.url !== "/" && !req.url.startsWith("/?")) || req.routeOptions.url !== "/") {
      done();
      return;
    }
    reply.header("vary", "accept");
    if (!prefersHtml(req.headers.accept)) {
      done();
      return;
    }
    req.paymentOutcome = { state: "free" };
    void reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", EXPLORER_CSP)
      .header("cache-control", "no-cache")
      .send(html);
  });
}
