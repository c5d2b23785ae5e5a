import {
  bazaarResourceServerExtension,
  type DiscoveryExtension,
  validateDiscoveryExtension,
} from "@x402/extensions/bazaar";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../catalog.ts";
import { isFree, routeKey } from "../route-types.ts";
import { createSchemaSet } from "../schemas.ts";
import { discoveryFor, schemaOutline } from "./route-terms.ts";

const schemas = createSchemaSet();

describe("the bazaar extension of a priced route", () => {
  it("validates with @x402/extensions on every priced route, example input included", () => {
    for (const entry of CATALOG.filter((e) => !isFree(e))) {
      const { bazaar } = discoveryFor(entry, schemas);
      // The x402 server adds the route's method when it builds a 402 (the request's HTTP context).
      const context = { method: entry.method, path: entry.path, adapter: {} };
      const built = bazaarResourceServerExtension.enrichDeclaration?.(bazaar, context) as DiscoveryExtension;
      expect(validateDiscoveryExtension(built), routeKey(entry)).toEqual({ valid: true });
    }
  });

  it("outlines the request schema: top-level members and JSON types, required, no others", () => {
    expect(schemaOutline(schemas.get("transform.request"))).toEqual({
      type: "object",
      properties: {
        from: { type: "string" },
        to: { type: "string" },
        coordinates: { type: "array" },
        geojson: {},
        epoch: { type: "number" },
      },
      required: ["from", "to"],
      additionalProperties: false,
    });
  });
});
