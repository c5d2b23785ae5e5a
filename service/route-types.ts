// The shape of one catalog entry and of the handlers it points to.

import type { FastifyBaseLogger } from "fastify";
import type { FamilyName } from "../artifacts/families.ts";
import type { AnswerFormat } from "./answer-format.ts";
import type { Config, Revision } from "./config.ts";
import type { DataReader, DataRegistry, RequestData } from "./data/registry.ts";
import type { Limit } from "./geo/limit.ts";
import type { SchemaTypes } from "./types/schema-types.ts";

export type HttpMethod = "GET" | "POST";

/** One published limit of a route (the spec's Limits table), advertised in `x-limits`. */
export type RouteLimit = Limit;

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

/** A schema file under `schemas/`, named without `.json`; its type is `SchemaTypes[name]`. */
export type SchemaName = keyof SchemaTypes;

type RequestName = Extract<SchemaName, `${string}.request`>;
type QueryName = Extract<SchemaName, `${string}.query`>;
type ResponseName = Extract<SchemaName, `${string}.response`>;

/**
 * The schemas of a route: request body and/or query, and the 200 answer; `geojson` names the
 * answer's GeoJSON form (application/geo+json) on routes whose answer is geographic.
 */
export interface RouteSchemas {
  body?: RequestName;
  query?: QueryName;
  response: ResponseName;
  geojson?: ResponseName;
}

/**
 * The type a schema member `N` (of kind `Kind`) names: the generated type for one schema;
 * `Absent` when the route has none; `Erased` for any route's (the catalog as a whole).
 */
type Named<N, Kind, Absent, Erased> = [Kind] extends [N]
  ? Erased
  : [N] extends [SchemaName]
    ? SchemaTypes[N]
    : Absent;

/** The validated body a route's handler receives (undefined for routes without a body). */
export type BodyOf<S extends RouteSchemas> = Named<S["body"], RequestName, undefined, unknown>;
/** The validated (coerced) query a route's handler receives. */
export type QueryOf<S extends RouteSchemas> = Named<
  S["query"],
  QueryName,
  Record<string, unknown>,
  Record<string, unknown>
>;
/** The 200 answer a route's handler returns: its JSON form, or its GeoJSON form when it has one. */
export type AnswerOf<S extends RouteSchemas> =
  | Named<S["response"], ResponseName, never, object>
  | Named<S["geojson"], ResponseName, never, object>;

/**
 * Validated input of a request: the parsed JSON body, the coerced query and, on routes with a
 * GeoJSON form, the form asked for (answer-format.ts; absent means JSON).
 */
export interface RouteInput<Body = unknown, Query = Record<string, unknown>> {
  body: Body;
  query: Query;
  format?: AnswerFormat;
}

/**
 * A handler answers with the 200 JSON body, or throws ApiError for every refusal.
 * It never touches the reply: payment, status codes and error bodies belong to the app.
 */
export type RouteHandler<S extends RouteSchemas = RouteSchemas> = (
  input: RouteInput<BodyOf<S>, QueryOf<S>>,
  ctx: RouteContext,
) => Promise<AnswerOf<S>> | AnswerOf<S>;

/**
 * One route, its handler typed by the validated body, the coerced query and the answer. Made by
 * `defineRoute`, which takes all three from the route's own schemas (types generated from
 * schemas/ into service/types/schema-types.ts); plain `CatalogEntry` is any route, as the
 * catalog, the app and the compute pool hold them.
 */
export interface CatalogEntry<
  Body = unknown,
  Query = Record<string, unknown>,
  Answer extends object = object,
> {
  method: HttpMethod;
  /** Path as registered, e.g. `/v1/hello`. */
  path: string;
  /** Dollars as a decimal string with at most 6 places; "0" for free routes. */
  price: string;
  summary: string;
  description: string;
  tags: string[];
  /** Schema file names under `schemas/` (without `.json`). */
  schemas: RouteSchemas;
  limits: RouteLimit[];
  /**
   * An example request, used in OpenAPI and the discovery extension. Query values carry the
   * schema's types (numbers as numbers), so the example validates against the query schema as is.
   */
  example: { body?: Body; query?: Query & Record<string, QueryValue> };
  /** Revisions that list this route. */
  revisions: readonly Revision[];
  /** Artifact families the route reads; when one is missing the route answers 503 data_unavailable. */
  families?: readonly FamilyName[];
  /** Families the route reads when they are there (no 503 without them), e.g. datum grids. */
  optionalFamilies?: readonly FamilyName[];
  /**
   * "pool": the handler runs in the compute worker pool (CPU-heavy: any route whose handler loads a
   * kernel, compute/kernel.ts; the request thread refuses to load one).
   * Absent: it runs on the main thread (cheap lookups). Both run under the compute deadline.
   */
  compute?: "pool";
  /** Body members refused with 400 before a price is quoted (e.g. `geojson` on h3/index). */
  forbiddenMembers?: readonly string[];
  // A method, so that a typed entry is also a plain CatalogEntry (its input is one of any route's).
  handler(input: RouteInput<Body, Query>, ctx: RouteContext): Promise<Answer> | Answer;
}

/** The entry of a route whose schemas are `S`. */
export type RouteOf<S extends RouteSchemas> = CatalogEntry<BodyOf<S>, QueryOf<S>, AnswerOf<S>>;

/** A catalog entry typed by its schemas: `S` is read from `schemas`, the handler checked against it. */
export const defineRoute = <const S extends RouteSchemas>(
  entry: Omit<RouteOf<S>, "schemas"> & { schemas: S },
): RouteOf<S> => entry;

export type QueryValue = string | number | boolean;

/** `lat=1&lon=2` for a query example (or any typed query object). */
export const queryString = (query: Readonly<Record<string, QueryValue>> = {}): string =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

export const isFree = (e: CatalogEntry): boolean => e.price === "0";
export const routeKey = (e: Pick<CatalogEntry, "method" | "path">): string => `${e.method} ${e.path}`;
