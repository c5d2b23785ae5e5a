// Peer conformance suites for POST /v1/geojson/validate and /repair: geojsonhint, check-geojson,
// the RFC 7946 examples, geojson-rewind (repair input → output). Every disagreement is listed
// here with its reason; a new one, or one that goes away, fails the test. docs/geojson.md.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { repairGeoJSON } from "../../service/geo/geojson/repair.ts";
import { validateGeoJSON } from "../../service/geo/geojson/validate.ts";
import { routeVerdict, saysValid } from "./route-verdict.ts";
import {
  checkGeojsonCases,
  geojsonhintCases,
  rewindCases,
  rfcExampleCases,
  type SuiteCase,
} from "./suites.ts";

/** Cases where our verdict differs from the suite's, and why. */
const EXPLAINED: Record<string, Record<string, string>> = {
  geojsonhint: {
    issue82:
      "coordinates beyond ±180/±90: RFC 7946 positions are WGS 84 degrees and the spec refuses out-of-range values",
    excessive_precision_truncated:
      "more than 6 decimals is a size advice (RFC 7946 §11.2), not a validity rule",
    geometrycollection_nested:
      "RFC 7946 says SHOULD avoid: a nested_geometry_collection warning, not an error",
    geometrycollection_single:
      "RFC 7946 says SHOULD avoid: a homogeneous_geometry_collection warning, not an error",
    "point-toomany": "RFC 7946 says SHOULD NOT extend positions beyond 3 elements: a warning, not an error",
  },
  "check-geojson": {
    geometrycollection_nested: "RFC 7946 says SHOULD avoid: a warning, not an error",
    "point-toomany": "RFC 7946 says SHOULD NOT extend positions beyond 3 elements: a warning, not an error",
  },
  rfc7946: {
    example_02_a:
      "the bbox illustration's ring is unclosed and clockwise, and the Feature has no properties member",
    example_02_c: "the bbox illustration's Feature has no properties member (RFC 7946 §3.2 requires it)",
    example_appendix_03_c:
      "antimeridian-crossing polygon drawn in planar degrees: its exterior is clockwise and its hole crosses it (§3.1.9 says cut such geometry)",
    example_appendix_06:
      "the example's own hole runs counterclockwise, against the right-hand rule of §3.1.6",
  },
};

function run(cases: SuiteCase[]) {
  const differ: string[] = [];
  for (const c of cases) if (saysValid(routeVerdict(c.text)) !== c.expectValid) differ.push(c.name);
  return { agree: cases.length - differ.length, total: cases.length, differ };
}

describe.each([
  ["geojsonhint", geojsonhintCases, 57, 62],
  ["check-geojson", checkGeojsonCases, 57, 59],
  ["rfc7946", rfcExampleCases, 9, 13],
] as const)("%s suite", (suite, load, agree, total) => {
  const result = run(load());
  it(`agrees on ${agree}/${total} verdicts`, () => {
    expect({ agree: result.agree, total: result.total }).toEqual({ agree, total });
  });
  it("disagrees only where docs/geojson.md explains why", () => {
    expect(result.differ.sort()).toEqual(Object.keys(EXPLAINED[suite] ?? {}).sort());
  });
});

describe("geojsonhint and check-geojson bad fixtures are refused or answered invalid with the expected codes", () => {
  const codesOf = (text: string) => {
    const v = routeVerdict(text);
    return v.kind === "refused"
      ? [v.code]
      : v.result.errors.filter((e) => e.severity === "error").map((e) => e.code);
  };
  const byName = new Map([...geojsonhintCases(), ...checkGeojsonCases()].map((c) => [c.name, c.text]));
  it.each([
    ["different-first-last", "unclosed_ring"],
    ["short-linearring", "short_ring"],
    ["polygon_winding_order", "ring_winding"],
    ["bad-polygon-interiorring-rhr", "ring_winding"],
    ["badfeatureid", "invalid_member"],
    ["bbox-4or6elements", "invalid_bbox"],
    ["short-line", "short_linestring"],
    ["point", "missing_member"],
    ["nofeaturetype", "invalid_type"],
    ["geometry_changed_semantics", "changed_semantics"],
    ["bad-json", "invalid_json"],
    ["notype", "missing_field"],
    ["unknowntype", "invalid_field"],
    ["point-labeled-as-a-multipolygon", "invalid_coordinates"],
  ])("%s → %s", (name, code) => {
    expect(codesOf(byName.get(name) as string)).toContain(code);
  });
});

describe("geojson-rewind fixtures through repair", () => {
  const cases = rewindCases();
  it("6/7 outputs equal the fixture; near-zero differs because its exact winding is clockwise", () => {
    const differ = cases
      .filter((c) => !isDeepStrictEqual(repairGeoJSON(c.input).geojson, c.output))
      .map((c) => c.name);
    expect(differ).toEqual(["near-zero"]);
  });
  it("near-zero: exact orientation says clockwise (2A = -1.32e-21), so the exterior is reversed", () => {
    const c = cases.find((x) => x.name === "near-zero");
    const r = repairGeoJSON(c?.input);
    expect(r.changes.map((x) => x.code)).toEqual(["rewound_ring"]);
    expect(validateGeoJSON(c?.output).errors.map((e) => e.code)).toEqual(["ring_winding"]);
  });
  it.each(cases.map((c) => [c.name, c] as const))(
    "%s: the answer is valid and repairing it again changes nothing",
    (_, c) => {
      const once = repairGeoJSON(c.input);
      expect(validateGeoJSON(once.geojson).valid).toBe(true);
      const twice = repairGeoJSON(once.geojson);
      expect(twice.changed).toBe(false);
      expect(twice.geojson).toBe(once.geojson);
    },
  );
});
