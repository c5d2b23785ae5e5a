// The only checks made before a price is quoted (DESIGN §4): the members the request schema
// marks required, the members a route refuses outright, and that the data behind the route is
// there at all. Body size, content type and JSON syntax are refused earlier, while parsing.
import type { DataRegistry } from "./data/registry.ts";
import { ApiError } from "./errors.ts";
import { isJsonObject } from "./geo/json-object.ts";
import type { CatalogEntry } from "./route-types.ts";
import type { SchemaSet } from "./schemas.ts";

function requiredOf(schemas: SchemaSet, name: string | undefined): string[] {
  if (!name) return [];
  const required = schemas.get(name).required;
  return Array.isArray(required) ? required.map(String) : [];
}

const hasOwn = (o: object, k: string) => Object.hasOwn(o, k);

export function prePaymentCheck(entry: CatalogEntry, schemas: SchemaSet, data: DataRegistry) {
  const bodyRequired = requiredOf(schemas, entry.schemas.body);
  const queryRequired = requiredOf(schemas, entry.schemas.query);
  const forbidden = entry.forbiddenMembers ?? [];
  return (body: unknown, query: Record<string, unknown>): void => {
    if (entry.schemas.body) {
      const isObject = isJsonObject(body);
      for (const member of bodyRequired) {
        if (!isObject || !hasOwn(body, member))
          throw new ApiError("missing_field", { field: member, path: `$.${member}` });
      }
      for (const member of forbidden) {
        if (isObject && hasOwn(body, member)) {
          throw new ApiError("unexpected_field", {
            field: member,
            path: `$.${member}`,
            reason: "refused before quoting",
          });
        }
      }
    }
    for (const param of queryRequired) {
      if (!hasOwn(query, param) || query[param] === "")
        throw new ApiError("missing_field", { field: param, path: param });
    }
    for (const family of entry.families ?? []) data.require(family);
  };
}
