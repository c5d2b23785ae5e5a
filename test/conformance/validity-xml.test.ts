// The polygonal isValid cases of the JTS/GEOS validity suites. Geometric verdicts (winding and
// range set aside) must agree except for EMPTY rings; raw verdicts differ only by winding and
// range, by design. The counts are the table in docs/geojson.md.
import { describe, expect, it } from "vitest";
import { VALIDITY_FILES, validityXmlCases } from "./suites.ts";
import { scoreValidity } from "./validity-xml.ts";

const EXPECTED: Record<string, { agree: number; agreeGeometric: number; total: number; emptyRing: number }> =
  {
    "jts TestValid": { agree: 46, agreeGeometric: 66, total: 68, emptyRing: 2 },
    "jts TestValid2": { agree: 20, agreeGeometric: 254, total: 257, emptyRing: 3 },
    "jts TestInvalidA": { agree: 75, agreeGeometric: 75, total: 75, emptyRing: 0 },
    "geos TestValid": { agree: 46, agreeGeometric: 66, total: 68, emptyRing: 2 },
    "geos TestIsValid": { agree: 0, agreeGeometric: 3, total: 3, emptyRing: 0 },
  };

describe.each(VALIDITY_FILES.map(([suite, file]) => [suite, file] as const))("%s", (suite, file) => {
  const score = scoreValidity(validityXmlCases(suite, file));
  const want = EXPECTED[suite];
  it("matches the counts in docs/geojson.md", () => {
    expect({ agree: score.agree, agreeGeometric: score.agreeGeometric, total: score.total }).toEqual({
      agree: want?.agree,
      agreeGeometric: want?.agreeGeometric,
      total: want?.total,
    });
  });
  it("no geometric disagreement other than EMPTY rings", () => {
    expect(score.classes.geometry).toEqual([]);
    expect(score.classes["empty-ring"]).toHaveLength(want?.emptyRing ?? -1);
  });
});
