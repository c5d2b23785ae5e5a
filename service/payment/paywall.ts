// The page a person sees on a priced route (x402's paywall convention: a browser request — Accept
// text/html and a Mozilla user agent — gets HTML with the 402, and the x402 HTTP server asks its
// registered PaywallProvider for that HTML). x402 ships `@x402/paywall`, but its newest release
// here (2.12.0) pins @x402/core 2.12 and pulls wallet kits whose dependency tree does not resolve
// from the registry, so this provider renders the same content from the catalog — the route, what
// it does, its price and network — and a script (service/pages/paywall-page.ts, served from
// /pages/paywall.js) that connects the browser's wallet and pays with the official @x402/fetch.
//
// Its CSP allows exactly that page: the script from the service's own origin, the one inline
// style by hash, fetch to the service itself; API answers keep `default-src 'none'`.
import { createHash } from "node:crypto";
import type { PaywallProvider } from "@x402/core/server";
import escapeHtml from "escape-html";
import { atomicToDollars } from "../money.ts";
import type { CatalogEntry } from "../route-types.ts";

export const PAYWALL_SCRIPT = "/pages/paywall.js";

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f6f8; color: #1b1f24; }
main { max-width: 42rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
  box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
code, pre, textarea { font: 14px/1.4 ui-monospace, monospace; }
.route { color: #445; } .price { font-size: 1.6rem; font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { color: #667; } dd { margin: 0; overflow-wrap: anywhere; }
textarea { width: 100%; min-height: 6rem; box-sizing: border-box; }
button { font: inherit; padding: 0.5rem 1rem; margin: 0.5rem 0.5rem 0 0; border-radius: 8px;
  border: 1px solid #0052ff; background: #0052ff; color: #fff; cursor: pointer; }
button:disabled { opacity: 0.5; cursor: default; }
pre { background: #f4f6f8; padding: 1rem; overflow: auto; max-height: 24rem; }
`;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The paywall page's policy: nothing but its own script, its style, and fetch to the service. */
export const PAYWALL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src ${sha256(STYLE)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** What the page's script reads (a JSON block, never executed). */
export interface PaywallPageData {
  method: string;
  price: string;
}

/** JSON safe inside a <script type="application/json"> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export function createPaywall(entries: readonly CatalogEntry[]): PaywallProvider {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  return {
    generateHtml(paymentRequired) {
      const url = new URL(paymentRequired.resource?.url ?? "http://service/");
      const entry = byPath.get(url.pathname);
      const terms = paymentRequired.accepts.find((a) => a.scheme === "exact") ?? paymentRequired.accepts[0];
      if (!entry || !terms) throw new Error(`no paywall for ${url.pathname}`);
      const atomic = terms.amount;
      const price = `$${atomicToDollars(BigInt(atomic))}`;
      const data: PaywallPageData = { method: entry.method, price };
      const body =
        entry.method === "POST"
          ? `<label for="body">Request body (JSON)</label>
<textarea id="body" spellcheck="false">${escapeHtml(JSON.stringify(entry.example.body ?? {}, null, 2))}</textarea>`
          : "";
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(entry.summary)} · ${escapeHtml(price)} · geo402</title>
<style>${STYLE}</style>
<script type="application/json" id="geo402-paywall">${scriptJson(data)}</script>
<script type="module" src="${PAYWALL_SCRIPT}"></script>
</head>
<body>
<main>
<h1>${escapeHtml(entry.summary)}</h1>
<p class="route"><code id="route">${escapeHtml(`${entry.method} ${entry.path}`)}</code></p>
<p>${escapeHtml(entry.description)}</p>
<dl>
<dt>Price</dt><dd class="price" id="price">${escapeHtml(price)} USDC per call</dd>
<dt>Network</dt><dd id="network">${escapeHtml(terms.network)}</dd>
<dt>Pay to</dt><dd><code>${escapeHtml(terms.payTo)}</code></dd>
<dt>Protocol</dt><dd>x402 v${paymentRequired.x402Version}: you pay only for an answer delivered</dd>
</dl>
${body}
<button id="connect" type="button">Connect wallet</button>
<button id="pay" type="button" disabled>Pay ${escapeHtml(price)} and show the answer</button>
<p id="status" role="status">A browser wallet (EIP-1193) holding USDC on ${escapeHtml(terms.network)} pays this call.</p>
<pre id="answer" hidden></pre>
</main>
</body>
</html>
`;
    },
  };
}
