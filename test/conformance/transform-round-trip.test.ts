// Round trips A → B → A through the transform (revision A: projection arithmetic only) within
// 1e-9°, for every service code at the reference's points and for random codes, positions and
// code pairs (fast-check).
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CrsRecord } from "../../artifacts/format/crs-record.ts";
import { CrsRegistry } from "../../service/geo/transform/crs-registry.ts";
import { runTransform } from "../../service/geo/transform/transform.ts";
import type { TransformDeps } from "../../service/geo/transform/transform-deps.ts";
import { TRANSFORM_REFERENCE, testRegistry } from "./shared-data.ts";

const ref = JSON.parse(fs.readFileSync(path.join(TRANSFORM_REFERENCE, "projections.json"), "utf8")) as {
  crs: { code: number; base_crs: number; in_service_families: boolean; points: number[][] }[];
};
let deps: TransformDeps;
let projected: CrsRecord[];

beforeAll(async () => {
  const registry = new CrsRegistry(await testRegistry());
  deps = { registry, grids: undefined, revision: "A", versions: {} };
  projected = registry.codes("A").flatMap((c) => {
    const r = registry.get(c);
    return r?.kind === "projected" ? [r] : [];
  });
});

const angularError = (a: number[], b: number[]) => {
  let dl = Math.abs((a[0] as number) - (b[0] as number));
  if (dl > 180) dl = 360 - dl;
  return Math.max(
    dl * Math.cos(((b[1] as number) * Math.PI) / 180),
    Math.abs((a[1] as number) - (b[1] as number)),
  );
};

async function roundTrip(from: number, to: number, coordinates: number[][]): Promise<number[][]> {
  const there = await runTransform({ from: String(from), to: String(to), coordinates }, deps);
  const back = await runTransform(
    { from: String(to), to: String(from), coordinates: there.coordinates },
    deps,
  );
  return back.coordinates as number[][];
}

describe("A → B → A", () => {
  it("base geographic → every revision A projected code → back, at the reference points, within 1e-9°", async () => {
    let worst = 0;
    let n = 0;
    for (const c of ref.crs.filter(
      (x) => x.in_service_families && deps.registry.get(x.code)?.revision === "A",
    )) {
      const pts = c.points.map((p) => [p[0] as number, p[1] as number]);
      const back = await roundTrip(c.base_crs, c.code, pts);
      pts.forEach((p, k) => {
        worst = Math.max(worst, angularError(back[k] as number[], p));
      });
      n++;
    }
    expect(n).toBe(1685);
    expect(worst).toBeLessThanOrEqual(1e-9);
  });

  it("random codes and positions inside their area of use, and random code pairs, within 1e-9°", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.nat(),
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        fc.double({ min: 0.02, max: 0.98, noNaN: true }),
        async (i, j, u, v) => {
          const a = projected[i % projected.length] as CrsRecord;
          const b = projected[j % projected.length] as CrsRecord;
          const [w, s, e, nth] = a.areaOfUse.bbox;
          const east = e < w ? e + 360 : e;
          let lon = w + u * (east - w);
          if (lon > 180) lon -= 360;
          const p = [lon, s + v * (nth - s)];
          const viaA = await roundTrip(4326, a.code, [p]);
          expect(angularError(viaA[0] as number[], p)).toBeLessThanOrEqual(1e-9);
          // A → B → A between two projected codes (when the position lies in B's domain too).
          const inA = (await runTransform({ from: "4326", to: String(a.code), coordinates: [p] }, deps))
            .coordinates as number[][];
          const toB = await runTransform(
            { from: String(a.code), to: String(b.code), coordinates: inA },
            deps,
          ).catch(() => undefined);
          if (!toB) return;
          const backA = (
            await runTransform(
              { from: String(b.code), to: String(a.code), coordinates: toB.coordinates },
              deps,
            )
          ).coordinates as number[][];
          const g1 = (await runTransform({ from: String(a.code), to: "4326", coordinates: backA }, deps))
            .coordinates as number[][];
          expect(angularError(g1[0] as number[], p)).toBeLessThanOrEqual(1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
});
