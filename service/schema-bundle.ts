// Route schemas reference the RFC 7946 shapes of schemas/geojson.json as
// `geojson.json#/$defs/<Name>`. Two views are derived from one file:
// - bundled: the references rewritten to one place (`#/$defs/` for a self-contained JSON Schema or
//   the discovery extension, `#/components/schemas/` for OpenAPI) plus the definitions they need;
// - request validation: each GeoJSON reference is only `type: object`, and query parameters keep
//   their types but not their published bounds (minimum/maximum), because the routes check
//   geometry and ranges themselves after payment, with the precise codes and paths of the error
//   table (invalid_geometry, coordinate_out_of_range, limit_exceeded) that a generic schema
//   error could not give.
import type { JsonSchema } from "./schemas.ts";

const SHARED = /^geojson\.json#\/\$defs\/(\w+)$/;
const LOCAL = /^#\/\$defs\/(\w+)$/;

export interface Bundled {
  schema: JsonSchema;
  /** The GeoJSON definitions the schema needs (transitively), references rewritten alike. */
  defs: Record<string, JsonSchema>;
}

function rewrite(node: unknown, pattern: RegExp, target: string, seen: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, pattern, target, seen));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    const m = k === "$ref" && typeof v === "string" ? pattern.exec(v) : null;
    if (m?.[1]) {
      seen.add(m[1]);
      out[k] = `${target}${m[1]}`;
    } else out[k] = rewrite(v, pattern, target, seen);
  }
  return out;
}

/** `schema` with its GeoJSON references pointing at `target` + name, and those definitions. */
export function bundle(schema: JsonSchema, geojson: JsonSchema, target: string): Bundled {
  const all = (geojson.$defs ?? {}) as Record<string, JsonSchema>;
  const pending = new Set<string>();
  const out = rewrite(schema, SHARED, target, pending) as JsonSchema;
  const defs: Record<string, JsonSchema> = {};
  while (pending.size > 0) {
    const [name] = pending;
    pending.delete(name as string);
    if (name === undefined || defs[name]) continue;
    const def = all[name];
    if (!def) throw new Error(`schemas/geojson.json has no definition ${name}`);
    const more = new Set<string>();
    defs[name] = rewrite(def, LOCAL, target, more) as JsonSchema;
    for (const m of more) if (!defs[m]) pending.add(m);
  }
  return { schema: out, defs };
}

/** A schema that validates on its own: GeoJSON definitions under its own `$defs`. */
export function selfContained(schema: JsonSchema, geojson: JsonSchema): JsonSchema {
  const { schema: s, defs } = bundle(schema, geojson, "#/$defs/");
  return Object.keys(defs).length > 0 ? { ...s, $defs: defs } : s;
}

/** The request-validation view: every GeoJSON reference becomes `type: object` (checked by the route). */
export function withGeoJsonAsObject(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withGeoJsonAsObject);
  if (node === null || typeof node !== "object") return node;
  const o = node as Record<string, unknown>;
  if (typeof o.$ref === "string" && SHARED.test(o.$ref)) {
    const { $ref: _, ...rest } = o;
    return { ...rest, type: "object" };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, withGeoJsonAsObject(v)]));
}

/** The query-validation view: types checked (and coerced), bounds left to the route's own checks. */
export function withoutQueryBounds(schema: JsonSchema): JsonSchema {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const stripped = Object.fromEntries(
    Object.entries(props).map(([k, { minimum: _min, maximum: _max, ...rest }]) => [k, rest]),
  );
  return { ...schema, properties: stripped };
}
