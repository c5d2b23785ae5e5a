// Validators are compiled on first use, so this compiles every route's body and query schema now:
// a schema Ajv refuses fails here, not on a route's first request.
import { describe, expect, it } from "vitest";
import { CATALOG } from "./catalog.ts";
import { createSchemaSet } from "./schemas.ts";

describe("route schemas", () => {
  it("all compile (strict Ajv) and accept their route's example", () => {
    const schemas = createSchemaSet();
    for (const e of CATALOG) {
      if (e.schemas.body)
        expect(() => schemas.body(e.schemas.body as string)(e.example.body ?? {})).not.toThrow();
      if (e.schemas.query)
        expect(() => schemas.query(e.schemas.query as string)({ ...(e.example.query ?? {}) })).not.toThrow();
    }
  });
});
