// GET /openapi.json: an OpenAPI 3.1 document generated from the catalog and the schemas, with the
// payment extensions (x-price, x-price-usd, x-price-atomic, x-free, x-payment, x-limits) on every operation.
import { ERROR_TABLE } from "./errors.ts";
import { dollarsToAtomic, USDC_DECIMALS } from "./money.ts";
import { type CatalogEntry, isFree, type PaymentTerms } from "./route-types.ts";
import type { JsonSchema, SchemaSet } from "./schemas.ts";

export const SERVICE_NAME = "geo402";
export const SERVICE_VERSION = "0.2.0";
export const SERVICE_DESCRIPTION =
  "Pay-per-call geospatial primitives: GeoJSON validation and repair, CRS transforms, geometry operations, H3, " +
  "point-in-polygon, timezones, US census geographies, Alaska elevation and marine charts. Each call is paid on its " +
  "own in USDC through x402 v2; no account, no API key.";

const refusalResponses = (priced: boolean) => {
  const statuses = new Set<number>(Object.values(ERROR_TABLE).map((e) => e.status));
  const out: Record<string, unknown> = {};
  for (const status of [...statuses].sort()) {
    if (!priced && (status === 402 || status === 502)) continue;
    const codes = Object.entries(ERROR_TABLE)
      .filter(([, e]) => e.status === status)
      .map(([c]) => c);
    out[String(status)] = {
      description: `Refused: ${codes.join(", ")}`,
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
    };
  }
  if (priced) {
    out["402"] = {
      description:
        "Payment required: body {} and the PAYMENT-REQUIRED header (base64 JSON terms); or settlement_failed with PAYMENT-RESPONSE success:false.",
      headers: {
        "PAYMENT-REQUIRED": { schema: { type: "string" }, description: "base64 JSON x402 v2 payment terms" },
      },
    };
  }
  return out;
};

/** Sent by every artifact-backed route (service/app.ts), also on refusals after data was read. */
const DATA_VERSION_HEADER = {
  "x-data-version": {
    schema: {
      type: "string",
      pattern: "^[a-z0-9-]+@[0-9]+\\.[0-9]+-[0-9a-f]{12}(, [a-z0-9-]+@[0-9]+\\.[0-9]+-[0-9a-f]{12})*$",
    },
    description: "`family@version` of each artifact family the answer was read from, comma-separated",
  },
};

function queryParameters(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return [];
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(typeof s.description === "string" ? { description: s.description } : {}),
    schema: s,
  }));
}

export function buildOpenApi(
  entries: readonly CatalogEntry[],
  terms: PaymentTerms,
  schemas: SchemaSet,
  serverUrl: string,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = { ErrorBody: schemas.get("error") };
  for (const e of entries) {
    const free = isFree(e);
    const atomic = dollarsToAtomic(e.price);
    const responseName = schemas.get(e.schemas.response).title as string | undefined;
    const key = responseName ?? e.schemas.response;
    components[key] = schemas.get(e.schemas.response);
    const op: Record<string, unknown> = {
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: e.summary,
      description: e.description,
      tags: e.tags,
      parameters: queryParameters(e.schemas.query ? schemas.get(e.schemas.query) : undefined),
      responses: {
        "200": {
          description: "The answer",
          ...(e.families?.length ? { headers: DATA_VERSION_HEADER } : {}),
          content: { "application/json": { schema: { $ref: `#/components/schemas/${key}` } } },
        },
        ...refusalResponses(!free),
      },
      "x-price": `$${e.price}`,
      "x-price-usd": Number(e.price),
      "x-price-atomic": atomic.toString(),
      "x-free": free,
      "x-payment": {
        protocol: "x402",
        scheme: "exact",
        network: terms.network,
        asset: terms.asset,
        assetDecimals: USDC_DECIMALS,
        amount: atomic.toString(),
        payTo: terms.payTo,
        facilitator: terms.facilitatorUrl,
      },
      "x-limits": free ? [] : e.limits,
    };
    if (e.schemas.body) {
      op.requestBody = {
        required: true,
        content: { "application/json": { schema: schemas.get(e.schemas.body), example: e.example.body } },
      };
    }
    paths[e.path] = { ...paths[e.path], [e.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: { title: SERVICE_NAME, version: SERVICE_VERSION, description: SERVICE_DESCRIPTION },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas: components },
  };
}
