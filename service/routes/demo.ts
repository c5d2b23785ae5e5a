// GET /demo (revision B, free): one real paid answer of GET /v1/marine/depth that the service
// bought from itself through x402 with its own payer, with the quote, the settlement and the
// commands to make the same purchase yourself.
import type { Config } from "../config.ts";
import { ENC_FAMILY } from "../data/enc-charts.ts";
import { ApiError } from "../errors.ts";
import { dollarsToAtomic } from "../money.ts";
import { type CatalogEntry, defineRoute, type RouteContext } from "../route-types.ts";
import { buyOnce, DemoPurchases, type DemoTerms } from "./demo-purchase.ts";

/** Homer Harbor entrance channel: a band-5 dredged area where bands 3, 4 and 5 overlap. */
export const DEMO_REQUEST = { lat: 59.6033, lon: -151.4192 } as const;
const DEMO_ROUTE = "/v1/marine/depth";
/** A purchase younger than this is shown again (live:false) instead of buying another. */
export const DEMO_REUSE_SECONDS = 300;

/** One purchase cache per running app (keyed by its configuration object). */
const purchasesByApp = new WeakMap<Config, DemoPurchases>();

const EXPLORERS: Record<string, string> = {
  "eip155:8453": "https://basescan.org/tx/",
  "eip155:84532": "https://sepolia.basescan.org/tx/",
};

function explorerFor(config: Config, network: string, tx: string): string {
  if (!config.facilitatorUrl) {
    return `devnet: local anvil chain ${network}, no public explorer; read the receipt with eth_getTransactionReceipt ${tx} on the devnet RPC (rpcUrl in .geo402/devnet.json)`;
  }
  const base = EXPLORERS[network];
  return base ? `${base}${tx}` : `no known explorer for ${network}; transaction ${tx}`;
}

/** The service's own terms for the depth route: the only terms the demo payer will sign. */
function depthTerms(ctx: RouteContext): DemoTerms {
  const depth = ctx.catalog.find((e) => e.method === "GET" && e.path === DEMO_ROUTE);
  if (!depth) throw new ApiError("data_unavailable", { reason: `${DEMO_ROUTE} is not in this catalog` });
  const { network, asset, payTo } = ctx.terms;
  return { network, asset, payTo, amount: dollarsToAtomic(depth.price) };
}

export const demoEntries: CatalogEntry[] = [
  defineRoute({
    method: "GET",
    path: "/demo",
    price: "0",
    summary: "A real paid answer the service bought from itself",
    description:
      "The service pays for one GET /v1/marine/depth answer through x402 with its own payer and shows the quote, the settled transaction and the answer, with the geo402 commands to make the same purchase. A purchase is reused for a few minutes (live:false, ageSeconds growing).",
    tags: ["discovery", "marine"],
    schemas: { query: "demo.query", response: "demo.response" },
    limits: [],
    example: {},
    revisions: ["B"],
    families: [ENC_FAMILY],
    handler: async (_input, ctx) => {
      const payerKey = ctx.config.demoPayerKey;
      if (!payerKey) {
        throw new ApiError("data_unavailable", {
          reason: "no demo payer key is configured (GEO402_DEMO_PAYER_KEY)",
        });
      }
      let purchases = purchasesByApp.get(ctx.config);
      if (!purchases) {
        purchases = new DemoPurchases(DEMO_REUSE_SECONDS);
        purchasesByApp.set(ctx.config, purchases);
      }
      // Bought from the service's own listener, never from a URL a request header names.
      const url = `${ctx.selfUrl}${DEMO_ROUTE}?lat=${DEMO_REQUEST.lat}&lon=${DEMO_REQUEST.lon}`;
      const terms = depthTerms(ctx);
      const now = new Date();
      const { purchase, live } = await purchases.get(url, now, () =>
        buyOnce(url, payerKey, terms, () => new Date()),
      );
      const { payment } = purchase;
      const shownAt = new Date();
      const query = `--query lat=${DEMO_REQUEST.lat} --query lon=${DEMO_REQUEST.lon} --url ${ctx.baseUrl}`;
      return {
        demo: true,
        route: `GET ${DEMO_ROUTE}`,
        request: { lat: DEMO_REQUEST.lat, lon: DEMO_REQUEST.lon },
        quote: purchase.quote,
        disclosure: `The service paid itself: its own payer ${payment.payer} sent ${purchase.quote.amount} atomic USDC (6 decimals) to its own payTo ${purchase.quote.payTo} on ${payment.network} through x402, settled by the facilitator, for the answer below. Nothing is simulated; a purchase is shown again for up to ${DEMO_REUSE_SECONDS} seconds.`,
        doItYourself: {
          quote: `npx geo402 quote GET ${DEMO_ROUTE} ${query}`,
          pay: `npx geo402 pay GET ${DEMO_ROUTE} ${query}`,
        },
        live,
        payment: {
          payer: payment.payer,
          transaction: payment.transaction,
          explorer: explorerFor(ctx.config, payment.network, payment.transaction),
          network: payment.network,
          settledAt: payment.settledAt.toISOString(),
          ageSeconds: Math.max(0, (shownAt.getTime() - payment.settledAt.getTime()) / 1000),
        },
        answer: purchase.answer,
      };
    },
  }),
];
