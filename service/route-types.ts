// The shape of one catalog entry and of the handlers it points to.

import type { FastifyBaseLogger } from "fastify";
import type { FamilyName } from "../artifacts/families.ts";
import type { Config, Revision } from "./config.ts";
import type { DataReader, DataRegistry, RequestData } from "./data/registry.ts";

export type HttpMethod = "GET" | "POST";

/** One published limit of a route (the spec's Limits table), advertised in `x-limits`. */
export interface RouteLimit {
  name: string;
  max: number;
  unit: string;
  detail: string;
}

/** What the payment layer settles with; also shown by GET / and OpenAPI `x-payment`. */
export interface PaymentTerms {
  network: `eip155:${number}`;
  asset: `0x${string}`;
  /** EIP-712 domain of the token (name, version), sent as `extra` in the terms. */
  assetName: string;
  assetVersion: string;
  payTo: `0x${string}`;
  facilitatorUrl: string;
  /**
   * The x402 schemes every priced route's 402 offers, in order (default `["exact"]`):
   * `batch-settlement` second when the service runs it (docs/batch-settlement.md).
   */
  schemes?: readonly OfferedScheme[];
}

/** The schemes a 402 can offer: `exact` (every existing client) always first. */
export type OfferedScheme = "exact" | "batch-settlement";

/** The schemes `terms` offers, in the order of the 402's `accepts`. */
export const offeredSchemes = (terms: PaymentTerms): readonly OfferedScheme[] => terms.schemes ?? ["exact"];

/** Everything a handler may use; passed in, never imported as a global. */
export interface RouteContext {
  config: Config;
  terms: PaymentTerms;
  catalog: readonly CatalogEntry[];
  /**
   * The request's view of the artifact families (one version per family for the whole request).
   * Handlers use `has` and `require` only; unit tests may hand in a DataRegistry itself, and a
   * compute worker hands in its own reader of the versions the request pinned.
   */
  data: RequestData | DataRegistry | DataReader;
  log: FastifyBaseLogger;
  /** Base URL of this service as callers see it (for links in answers). */
  baseUrl: string;
  /** This service's own listener (loopback), for calls to itself; never taken from a request. */
  selfUrl: string;
}

/** Validated input of a request: the parsed JSON body and the coerced query. */
export interface RouteInput {
  body: unknown;
  query: Record<string, unknown>;
}

/**
 * A handler answers with the 200 JSON body, or throws ApiError for every refusal.
 * It never touches the reply: payment, status codes and error bodies belong to the app.
 */
export type RouteHandler = (input: RouteInput, ctx: RouteContext) => Promise<object> | object;

export interface CatalogEntry {
  method: HttpMethod;
  /** Path as registered, e.g. `/v1/hello`. */
  path: string;
  /** Dollars as a decimal string with at most 6 places; "0" for free routes. */
  price: string;
  summary: string;
  description: string;
  tags: string[];
  /** Schema file names under `schemas/` (without `.json`). */
  schemas: { body?: string; query?: string; response: string };
  limits: RouteLimit[];
  /**
   * An example request, used in OpenAPI and the discovery extension. Query values carry the
   * schema's types (numbers as numbers), so the example validates against the query schema as is.
   */
  example: { body?: unknown; query?: Record<string, QueryValue> };
  /** Revisions that list this route. */
  revisions: readonly Revision[];
  /** Artifact families the route reads; when one is missing the route answers 503 data_unavailable. */
  families?: readonly FamilyName[];
  /** Families the route reads when they are there (no 503 without them), e.g. datum grids. */
  optionalFamilies?: readonly FamilyName[];
  /**
   * "pool": the handler runs in the compute worker pool (CPU-heavy; set in catalog.ts only).
   * Absent: it runs on the main thread (cheap lookups). Both run under the compute deadline.
   */
  compute?: "pool";
  /** Body members refused with 400 before a price is quoted (e.g. `geojson` on h3/index). */
  forbiddenMembers?: readonly string[];
  handler: RouteHandler;
}

export type QueryValue = string | number | boolean;

/** `lat=1&lon=2` for a query example (or any typed query object). */
export const queryString = (query: Readonly<Record<string, QueryValue>> = {}): string =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

export const isFree = (e: CatalogEntry): boolean => e.price === "0";
export const routeKey = (e: Pick<CatalogEntry, "method" | "path">): string => `${e.method} ${e.path}`;
