import { geographiesAnswer } from "../geo/census/geographies-answer.ts";
import { type CatalogEntry, defineRoute, type RouteHandler } from "../route-types.ts";
import { queryLonLat } from "./query-position.ts";

const PRICE = "0.01";

export const usGeographiesHandler: RouteHandler<{
  query: "us-geographies.query";
  response: "us-geographies.response";
}> = async ({ query }, ctx) => {
  const { lon, lat } = queryLonLat(query);
  const lookup = ctx.data.require("census").value;
  return geographiesAnswer(await lookup.lookup(lat, lon), lookup.metadata);
};

export const censusEntries: CatalogEntry[] = [
  defineRoute({
    method: "GET",
    path: "/v1/us/geographies",
    price: PRICE,
    summary: "US state, county and congressional district at a position",
    description:
      "2-digit state code, 5-digit county GEOID and 4-character congressional district GEOID (119th Congress) at lat/lon, from the 2024 Census cartographic boundary files indexed on H3 resolution 7 and resolution 9 along the outlines of units under 1000 km². `boundaryAccuracyMetres` is the farthest from a true outline a wrong answer of that index can be; `boundaryUncertain` flags an answer that may be wrong. Covers the 50 states, DC, PR, AS, GU, MP and VI; elsewhere 200 with `found: false` and null codes.",
    tags: ["census"],
    schemas: { query: "us-geographies.query", response: "us-geographies.response" },
    limits: [],
    example: { query: { lat: 38.8977, lon: -77.0365 } },
    revisions: ["A", "B"],
    families: ["census"],
    handler: usGeographiesHandler,
  }),
];
