// The 402 answer of each priced route, built once per configuration and kept encoded: status,
// headers (PAYMENT-REQUIRED already base64) and the body as a string. Terms depend only on the
// route and the configuration — the resource URL is the service's own base URL (configured public
// URL or listener address), never the request's Host header — so the cache holds at most one
// entry per priced route, whatever the requests look like.
import type {
  HTTPAdapter,
  HTTPProcessResult,
  HTTPRequestContext,
  HTTPResponseInstructions,
} from "@x402/core/server";
import type { FastifyRequest } from "fastify";
import { type CatalogEntry, routeKey } from "../route-types.ts";

export interface EncodedQuote {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The request an unpaid quote is built from: no headers, no query, no body, a JSON client. */
class QuoteAdapter implements HTTPAdapter {
  readonly #entry: CatalogEntry;
  readonly #url: string;
  constructor(entry: CatalogEntry, url: string) {
    this.#entry = entry;
    this.#url = url;
  }
  getHeader() {
    return undefined;
  }
  getMethod() {
    return this.#entry.method;
  }
  getPath() {
    return this.#entry.path;
  }
  getUrl() {
    return this.#url;
  }
  getAcceptHeader() {
    return "application/json";
  }
  getUserAgent() {
    return "";
  }
  getQueryParams() {
    return {};
  }
  getQueryParam() {
    return undefined;
  }
  getBody() {
    return undefined;
  }
}

/**
 * x402 answers a browser (Accept text/html and a Mozilla user agent) with an HTML paywall instead
 * of the JSON 402: those requests are built per request, not served from the cache.
 */
export function wantsPaywall(req: FastifyRequest): boolean {
  return (
    (req.headers.accept ?? "").includes("text/html") && (req.headers["user-agent"] ?? "").includes("Mozilla")
  );
}

export function encodeQuote(response: HTTPResponseInstructions): EncodedQuote {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(response.headers)) headers[k.toLowerCase()] = String(v);
  const body = typeof response.body === "string" ? response.body : JSON.stringify(response.body ?? {});
  return { status: response.status, headers, body };
}

export function createQuoteCache(opts: {
  process: (context: HTTPRequestContext) => Promise<HTTPProcessResult>;
  /** The resource URL of a route: trusted base URL + registered path. */
  resourceUrl: (entry: CatalogEntry) => string;
}) {
  const quotes = new Map<string, Promise<EncodedQuote>>();
  /** The quotes built, by catalog entry, for answering without waiting on a promise. */
  const built = new Map<CatalogEntry, EncodedQuote>();
  const build = async (entry: CatalogEntry): Promise<EncodedQuote> => {
    const adapter = new QuoteAdapter(entry, opts.resourceUrl(entry));
    const result = await opts.process({
      adapter,
      path: entry.path,
      decodedPath: entry.path,
      method: entry.method,
      routePattern: entry.path,
    });
    if (result.type !== "payment-error")
      throw new Error(`priced route ${routeKey(entry)} has no payment terms`);
    return encodeQuote(result.response);
  };
  return {
    /** The route's encoded 402; a failed build (facilitator not reachable yet) is retried next time. */
    get(entry: CatalogEntry): Promise<EncodedQuote> {
      const key = routeKey(entry);
      let quote = quotes.get(key);
      if (!quote) {
        quote = build(entry);
        quotes.set(key, quote);
        quote.then(
          (q) => built.set(entry, q),
          () => quotes.delete(key),
        );
      }
      return quote;
    },
    /** The route's encoded 402 if it is built already. */
    peek(entry: CatalogEntry): EncodedQuote | undefined {
      return built.get(entry);
    },
  };
}
