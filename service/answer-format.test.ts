// Which form a request's Accept header asks for on a route with a GeoJSON form (RFC 9110 ranking).
import { expect, it } from "vitest";
import { answerFormat } from "./answer-format.ts";

const geographic = { schemas: { geojson: "h3-index-geojson.response" } } as Parameters<
  typeof answerFormat
>[0];

it.each([
  [undefined, "json"],
  ["*/*", "json"],
  ["application/*", "json"],
  ["application/json", "json"],
  ["application/geo+json", "geojson"],
  ["application/geo+json, application/json;q=0.9", "geojson"],
  ["application/json, application/geo+json", "json"],
  // A client that would rather have anything than GeoJSON gets JSON (it was GeoJSON before).
  ["application/geo+json;q=0.5, */*", "json"],
])("Accept %s → %s", (accept, form) => {
  expect(answerFormat(geographic, undefined, accept)).toBe(form);
});

it("the format member wins over Accept; a route without a GeoJSON form is always JSON", () => {
  expect(answerFormat(geographic, "json", "application/geo+json")).toBe("json");
  expect(answerFormat(geographic, "geojson", "application/json")).toBe("geojson");
  expect(answerFormat({ schemas: {} } as Parameters<typeof answerFormat>[0], "geojson", undefined)).toBe(
    "json",
  );
});
