// GET /openapi.json: an OpenAPI 3.1 document generated from the catalog and the schemas, with the
// payment extensions (x-price, x-price-usd, x-price-atomic, x-free, x-payment, x-limits) on every
// operation, and on every priced one `x-payment-info`, the member x402 tooling reads (below).
import packageJson from "../package.json" with { type: "json" };
import { GEOJSON_MEDIA_TYPE } from "./answer-format.ts";
import type { Revision } from "./config.ts";
import { ERROR_TABLE } from "./errors.ts";
import { dollarsToAtomic, USDC_DECIMALS } from "./money.ts";
import { responseExample } from "./response-examples.ts";
import { type CatalogEntry, isFree, offeredSchemes, type PaymentTerms } from "./route-types.ts";
import type { JsonSchema, SchemaSet } from "./schemas.ts";

export const SERVICE_NAME = "geo402";
/** The version npm knows the project by (package.json), the one place it is written. */
export const SERVICE_VERSION: string = packageJson.version;
export const SERVICE_DESCRIPTION =
  "Pay-per-call geospatial primitives: GeoJSON validation and repair, CRS transforms, geometry operations, H3, " +
  "point-in-polygon, timezones, US census geographies, Alaska elevation and marine charts. Each call is paid on its " +
  "own in USDC through x402 v2; no account, no API key.";

/**
 * The service description with the x402 schemes the paid routes accept (GET / and OpenAPI
 * `info`; the catalog's members are fixed by the interface, so the schemes are named in its text).
 */
export function serviceDescription(terms: PaymentTerms): string {
  const schemes = offeredSchemes(terms);
  return schemes.includes("batch-settlement")
    ? `${SERVICE_DESCRIPTION} Paid routes accept the x402 schemes ${schemes.join(" and ")} (batch-settlement: one deposit into a channel, then a signed voucher per call).`
    : SERVICE_DESCRIPTION;
}

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
        "Payment required: the PAYMENT-REQUIRED header (base64 JSON x402 v2 terms) and a JSON body telling x402 v1 clients, in one sentence, that the service speaks x402 v2 only; or settlement_failed with PAYMENT-RESPONSE success:false.",
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

/** One line per catalog tag (OpenAPI `tags`); a tag missing here fails buildOpenApi. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  discovery: "Free: the catalog, this document and the demo purchase.",
  echo: "A priced echo to try payments with.",
  geojson: "GeoJSON validation and repair (RFC 7946).",
  transform: "Coordinate transforms between EPSG systems, with datum shifts.",
  geometry: "Geodesic measures and planar operations on GeoJSON geometries.",
  h3: "H3 cell indexing and polygon cover.",
  containment: "Point-in-polygon matrices.",
  timezone: "IANA time zone and offsets at a point and instant.",
  census: "US state, county and congressional district at a point.",
  elevation: "Ground elevation and profiles (Alaska DEM).",
  marine: "Charted depths and hazards from NOAA ENC charts.",
};

/** Sent with every settled answer of a priced route. */
const PAYMENT_RESPONSE_HEADER = {
  "PAYMENT-RESPONSE": {
    schema: { type: "string" },
    description: "base64 JSON x402 v2 settlement: success, transaction, network, payer",
  },
};

/**
 * How x402 tooling learns that an operation is paid and its price: `x-payment-info` in the
 * structured form of agentcash's discovery (@agentcash/discovery: a fixed price in dollars, ISO
 * 4217 currency, the protocols accepted). Payment is not authentication: no security scheme is
 * declared (an `apiKey` scheme made those tools list every route as free and needing a key).
 */
function paymentInfo(e: CatalogEntry, terms: PaymentTerms) {
  return {
    price: { mode: "fixed", currency: "USD", amount: e.price },
    protocols: [
      {
        x402: {
          x402Version: 2,
          schemes: offeredSchemes(terms),
          network: terms.network,
          asset: terms.asset,
          payTo: terms.payTo,
        },
      },
    ],
  };
}

function queryParameters(
  schema: JsonSchema | undefined,
  example: CatalogEntry["example"]["query"],
): unknown[] {
  if (!schema) return [];
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: "query",
    required: required.has(name),
    ...(typeof s.description === "string" ? { description: s.description } : {}),
    schema: s,
    ...(example?.[name] !== undefined ? { example: example[name] } : {}),
  }));
}

export function buildOpenApi(
  entries: readonly CatalogEntry[],
  terms: PaymentTerms,
  schemas: SchemaSet,
  serverUrl: string,
  revision: Revision,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = { ErrorBody: schemas.get("error") };
  // GeoJSON members point at RFC 7946 shapes published once under components.schemas.
  const published = (name: string) => {
    const { schema, defs } = schemas.published(name, "#/components/schemas/");
    Object.assign(components, defs);
    return schema;
  };
  const tags = new Map<string, string>();
  for (const e of entries) {
    const free = isFree(e);
    const atomic = dollarsToAtomic(e.price);
    const component = (name: string): string => {
      const key = (schemas.get(name).title as string | undefined) ?? name;
      components[key] = published(name);
      return key;
    };
    const key = component(e.schemas.response);
    const geojsonKey = e.schemas.geojson ? component(e.schemas.geojson) : undefined;
    for (const tag of e.tags) {
      const description = TAG_DESCRIPTIONS[tag];
      if (!description)
        throw new Error(`tag ${tag} of ${e.method} ${e.path} has no description in openapi.ts`);
      tags.set(tag, description);
    }
    const example = responseExample(e, revision);
    const op: Record<string, unknown> = {
      operationId: `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: e.summary,
      description: e.description,
      tags: e.tags,
      parameters: queryParameters(e.schemas.query ? published(e.schemas.query) : undefined, e.example.query),
      // Nothing to authenticate: a priced operation is paid per call (x-payment-info).
      security: [],
      responses: {
        "200": {
          description: "The answer",
          ...(e.families?.length || !free
            ? {
                headers: {
                  ...(e.families?.length ? DATA_VERSION_HEADER : {}),
                  ...(free ? {} : PAYMENT_RESPONSE_HEADER),
                },
              }
            : {}),
          content: {
            "application/json": {
              schema: { $ref: `#/components/schemas/${key}` },
              ...(example === undefined ? {} : { example }),
            },
            // The same answer as GeoJSON: format=geojson, or Accept: application/geo+json.
            ...(geojsonKey
              ? { [GEOJSON_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${geojsonKey}` } } }
              : {}),
          },
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
        schemes: offeredSchemes(terms),
        network: terms.network,
        asset: terms.asset,
        assetDecimals: USDC_DECIMALS,
        amount: atomic.toString(),
        payTo: terms.payTo,
        facilitator: terms.facilitatorUrl,
      },
      "x-limits": free ? [] : e.limits,
      ...(free ? {} : { "x-payment-info": paymentInfo(e, terms) }),
    };
    if (e.schemas.body) {
      op.requestBody = {
        required: true,
        content: { "application/json": { schema: published(e.schemas.body), example: e.example.body } },
      };
    }
    paths[e.path] = { ...paths[e.path], [e.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: { title: SERVICE_NAME, version: SERVICE_VERSION, description: serviceDescription(terms) },
    servers: [{ url: serverUrl }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas: components },
  };
}
