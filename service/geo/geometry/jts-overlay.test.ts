// JTS overlay conformance (../shared/testsuites/jts, floating-precision files only: no
// snap-rounding): our union / intersection / difference kernel against each case's expected
// result by area, JTS's overlayAreaTest identities, and unionArea known values. No case may throw.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  areal,
  type Coord,
  type JtsCase,
  parseGeometry,
  planarArea,
  polygonal,
  readJtsFile,
} from "../../../test/support/jts-xml.ts";
import type { MultiPoly } from "./clip.ts";
import { type OverlayOp, overlayPolygons } from "./overlay.ts";

const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../../shared");
const JTS = path.join(SHARED, "testsuites/jts");
const FILES = [
  "general/TestOverlayAA.xml",
  "general/TestNGOverlayA.xml",
  ...readdirSync(path.join(JTS, "robust/overlay")).map((f) => `robust/overlay/${f}`),
];
const OPS: Record<string, OverlayOp> = {
  union: "union",
  intersection: "intersect",
  difference: "difference",
};
/** Relative area tolerance: results agree with JTS to this share of the operands' area. */
const TOL = 1e-6;

const run = (op: OverlayOp, a: MultiPoly, b: MultiPoly) =>
  planarArea(overlayPolygons(op, [a, b]).polygons as Coord[][][]);

interface Outcome {
  id: string;
  status: "agree" | "differ" | "threw" | "skipped";
  detail: string;
}

function check(file: string, c: JtsCase): Outcome[] {
  const A = c.a && polygonal(c.a);
  const B = c.b && polygonal(c.b);
  return c.tests.map((t): Outcome => {
    const id = `${file}#${c.index} ${t.op}`;
    const base = t.op.replace(/NG$/, "");
    const op = OPS[base];
    const known = op || base === "overlayAreaTest" || base === "unionArea";
    if (!known || !A || (base !== "unionArea" && !B)) {
      return {
        id,
        status: "skipped",
        detail: known ? "non-polygonal operand" : `${t.op} is not an operation of these routes`,
      };
    }
    try {
      const tol = TOL * Math.max(planarArea(A), B ? planarArea(B) : 0);
      if (base === "unionArea") {
        const got = planarArea(
          overlayPolygons(
            "union",
            A.map((p) => [p]),
          ).polygons as Coord[][][],
        );
        const want = Number(t.expected);
        return {
          id,
          status: Math.abs(got - want) <= TOL * want ? "agree" : "differ",
          detail: `${got} vs ${want}`,
        };
      }
      const b = B as MultiPoly;
      if (base === "overlayAreaTest") {
        const i = run("intersect", A, b);
        const ok =
          Math.abs(i + run("difference", A, b) - planarArea(A)) <= tol &&
          Math.abs(i + run("difference", b, A) - planarArea(b)) <= tol &&
          Math.abs(run("union", A, b) - (planarArea(A) + planarArea(b) - i)) <= tol;
        return { id, status: ok ? "agree" : "differ", detail: "area identities" };
      }
      const [x, y] = [t.args[0] === "B" ? b : A, t.args[1] === "A" ? A : b];
      const got = run(op as OverlayOp, x, y);
      if (t.expected === "")
        return { id, status: "agree", detail: "no expected result given: ran without throwing" };
      const want = planarArea(areal(parseGeometry(t.expected)));
      return { id, status: Math.abs(got - want) <= tol ? "agree" : "differ", detail: `${got} vs ${want}` };
    } catch (err) {
      return { id, status: "threw", detail: (err as Error).message };
    }
  });
}

describe("JTS overlay conformance", () => {
  it("agrees with JTS on every polygonal union / intersection / difference / area case, none throws", () => {
    const outcomes = FILES.flatMap((f) => readJtsFile(path.join(JTS, f)).flatMap((c) => check(f, c)));
    const ran = outcomes.filter((o) => o.status !== "skipped");
    const agree = ran.filter((o) => o.status === "agree");
    const skipped = outcomes.filter((o) => o.status === "skipped");
    const reasons = [...new Set(skipped.map((s) => s.detail))].map(
      (r) => `${skipped.filter((s) => s.detail === r).length} × ${r}`,
    );
    console.log(
      `JTS overlay: ${agree.length}/${ran.length} agree by area; skipped ${skipped.length} (${reasons.join("; ")})`,
    );
    for (const o of ran.filter((x) => x.status !== "agree"))
      console.log(`  ${o.status}: ${o.id} ${o.detail}`);
    expect(ran.filter((o) => o.status === "threw")).toEqual([]);
    expect(agree.length).toBe(ran.length);
    expect(ran.length).toBeGreaterThanOrEqual(157);
  });
});
