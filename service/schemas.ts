// Loads the JSON Schemas under schemas/ and compiles validators: bodies exactly as sent (no
// coercion, no member removal), query strings coerced to the schema's scalar types.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { ApiError } from "./errors.ts";
import { PROJECT_ROOT } from "./project-root.ts";
import {
  type Bundled,
  bundle,
  selfContained,
  withGeoJsonAsObject,
  withoutQueryBounds,
} from "./schema-bundle.ts";

export const SCHEMA_DIR = path.join(PROJECT_ROOT, "schemas");

export type JsonSchema = Record<string, unknown>;

/** Every schema file by name (file name without `.json`). */
export function loadSchemas(dir = SCHEMA_DIR): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith(".json"))
      out.set(file.slice(0, -5), JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  }
  return out;
}

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: false,
    removeAdditional: false,
    useDefaults: false,
    coerceTypes: coerce,
    strict: true,
    allowUnionTypes: true,
  });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
}

export interface SchemaSet {
  schemas: Map<string, JsonSchema>;
  /** The schema file as written (GeoJSON members as `geojson.json#/$defs/...` references). */
  get(name: string): JsonSchema;
  /** The schema with its GeoJSON references rewritten to `target` (see schema-bundle.ts). */
  published(name: string, target: "#/$defs/" | "#/components/schemas/"): Bundled;
  /** Validates a body; throws ApiError naming the field and path. */
  body(name: string): (value: unknown) => void;
  /** Validates (and coerces in place) a query object; throws ApiError. */
  query(name: string): (value: Record<string, unknown>) => void;
  /** Validator of an answer (GeoJSON members checked against RFC 7946 shapes); for tests. */
  validator(name: string): ValidateFunction;
}

export function createSchemaSet(schemas = loadSchemas()): SchemaSet {
  // Made on first use too: each Ajv compiles the draft 2020-12 meta-schema when made.
  let strict: Ajv2020 | undefined;
  let coercing: Ajv2020 | undefined;
  const strictAjv = () => (strict ??= makeAjv(false));
  const coercingAjv = () => (coercing ??= makeAjv(true));
  const cache = new Map<string, ValidateFunction>();
  const get = (name: string): JsonSchema => {
    const s = schemas.get(name);
    if (!s) throw new Error(`no schema named ${name} in schemas/`);
    return s;
  };
  const geojson = () => get("geojson");
  // Requests: GeoJSON members are objects here and checked by the route; responses: the full shapes.
  const compile = (
    ajv: () => Ajv2020,
    name: string,
    kind: "body" | "query" | "response",
  ): ValidateFunction => {
    const key = `${kind}:${name}`;
    let fn = cache.get(key);
    if (!fn) {
      const schema = get(name);
      fn = ajv().compile(
        kind === "response"
          ? selfContained(schema, geojson())
          : kind === "query"
            ? withoutQueryBounds(schema)
            : (withGeoJsonAsObject(schema) as JsonSchema),
      );
      cache.set(key, fn);
    }
    return fn;
  };
  // Compiled on first use, not at start-up: compiling every route's schemas took most of a
  // second of start-up; each is compiled once, by the first request that needs it.
  const asserting = (ajv: () => Ajv2020, name: string, root: "body" | "query") => {
    let fn: ValidateFunction | undefined;
    return (value: unknown) => {
      fn ??= compile(ajv, name, root);
      if (!fn(value)) throw schemaError(fn.errors?.[0], root);
    };
  };
  return {
    schemas,
    get,
    published: (name, target) => bundle(get(name), geojson(), target),
    body: (name) => {
      get(name);
      return asserting(strictAjv, name, "body");
    },
    query: (name) => {
      get(name);
      return asserting(coercingAjv, name, "query");
    },
    validator: (name) => compile(strictAjv, name, "response"),
  };
}

/** `/features/3/geometry` → `$.features[3].geometry` */
export function pointerToPath(pointer: string): string {
  let out = "$";
  for (const raw of pointer.split("/").slice(1)) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    out += /^[0-9]+$/.test(seg)
      ? `[${seg}]`
      : /^[A-Za-z_$][\w$]*$/.test(seg)
        ? `.${seg}`
        : `[${JSON.stringify(seg)}]`;
  }
  return out;
}

function lastMember(pointer: string): string | undefined {
  const segs = pointer
    .split("/")
    .slice(1)
    .filter((s) => !/^[0-9]+$/.test(s));
  return segs.at(-1);
}

/** One Ajv error → the ApiError a caller sees. */
export function schemaError(err: ErrorObject | undefined, root: "body" | "query"): ApiError {
  if (!err) return new ApiError("invalid_field", { path: "$" });
  const at = pointerToPath(err.instancePath);
  const params = err.params as Record<string, unknown>;
  const join = (member: string) => (root === "query" ? member : `${at}.${member}`);
  switch (err.keyword) {
    case "required": {
      const member = String(params.missingProperty);
      return new ApiError("missing_field", { field: member, path: join(member) });
    }
    case "additionalProperties": {
      const member = String(params.additionalProperty);
      return new ApiError("unexpected_field", { field: member, path: join(member) });
    }
    default: {
      const field = lastMember(err.instancePath) ?? root;
      return new ApiError("invalid_field", {
        field,
        path: root === "query" ? field : at,
        reason: err.message ?? err.keyword,
        ...(params.limit !== undefined ? { bound: params.limit } : {}),
        ...(params.allowedValues !== undefined ? { allowed: params.allowedValues } : {}),
      });
    }
  }
}
