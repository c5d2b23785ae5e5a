// How far the polyfill cell-count estimate (service/geo/h3/cell-count-bound.ts) runs above the
// true count, measured against h3-js on a seeded set of jobs: thin strips (where the growth by one
// cell dominates) and random star-shaped polygons, in all three containments. `npm run docs`
// writes the sentence into docs/h3-pip.md; test/docs/polyfill-estimate.test.ts measures again
// and fails when the page differs.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getHexagonEdgeLengthAvg } from "h3-js";
import type { Ring } from "../../service/geo/areal-geometry.ts";
import { cellCountBound, measurePart } from "../../service/geo/h3/cell-count-bound.ts";
import { EXACT_COUNT_FACTOR } from "../../service/geo/h3/cells-within-cap.ts";
import type { Containment } from "../../service/geo/h3/part-cells.ts";
import { polyfill } from "../../service/geo/h3/polyfill.ts";
import { PROJECT_ROOT } from "../../service/project-root.ts";
import { random } from "../../test/bench/_random.ts";
import { withGeneratedBlock } from "./generated-block.ts";

export const H3_DOC = path.join(PROJECT_ROOT, "docs/h3-pip.md");
export const ESTIMATE_BLOCK = "polyfill-estimate";
const MODES: readonly Containment[] = ["center", "full", "overlapping"];
const STRIP_RES = 7;
const STRIP_WIDTHS_IN_CELLS = [0.5, 1, 2, 4, 8, 16];
const STRIPS_PER_WIDTH = 6;
const STARS = 24;

interface Job {
  ring: Ring;
  res: number;
}

function strip(rnd: () => number, widthInCells: number): Job {
  const cellDeg = (2 * getHexagonEdgeLengthAvg(STRIP_RES, "km")) / 111.32;
  const lat = -60 + 120 * rnd();
  const lon = -170 + 340 * rnd();
  const half = [cellDeg * (20 + 80 * rnd()), (cellDeg * widthInCells) / 2];
  const angle = Math.PI * rnd();
  const [c, s, k] = [Math.cos(angle), Math.sin(angle), Math.cos((lat * Math.PI) / 180)];
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([u, v]): [number, number] => {
    const x = (u as number) * (half[0] as number);
    const y = (v as number) * (half[1] as number);
    return [lon + (x * c - y * s) / k, lat + x * s + y * c];
  });
  return { ring: [...corners, corners[0] as [number, number]], res: STRIP_RES };
}

function star(rnd: () => number): Job {
  const lat = -70 + 140 * rnd();
  const lon = -170 + 340 * rnd();
  const size = 0.05 + 2 * rnd();
  const n = 3 + Math.floor(20 * rnd());
  const angles = Array.from({ length: n }, () => 2 * Math.PI * rnd()).sort((a, b) => a - b);
  const ring: Ring = angles.map((a) => {
    const r = size * (0.2 + rnd());
    return [lon + (r * Math.cos(a)) / Math.cos((lat * Math.PI) / 180), lat + r * Math.sin(a)];
  });
  ring.push([...(ring[0] as [number, number])]);
  // The finest resolution whose estimate stays within a few thousand cells (a quick measurement).
  const m = measurePart([ring]);
  let res = 0;
  while (res < 15 && cellCountBound(m, res + 1, "overlapping") <= 4_000) res++;
  return { ring, res };
}

export interface EstimateRatios {
  jobs: number;
  /** Jobs whose true count is 0 (any estimate is infinitely many times it). */
  empty: number;
  min: number;
  median: number;
  max: number;
  /** Jobs whose estimate is over EXACT_COUNT_FACTOR × the true count. */
  overFactor: number;
}

export function measureEstimateRatios(): EstimateRatios {
  const rnd = random(20261127);
  const jobs: Job[] = [
    ...STRIP_WIDTHS_IN_CELLS.flatMap((w) => Array.from({ length: STRIPS_PER_WIDTH }, () => strip(rnd, w))),
    ...Array.from({ length: STARS }, () => star(rnd)),
  ];
  const ratios: number[] = [];
  let empty = 0;
  for (const { ring, res } of jobs) {
    const m = measurePart([ring]);
    for (const mode of MODES) {
      const count = polyfill([[ring]], res, mode).length;
      if (count === 0) empty++;
      else ratios.push(cellCountBound(m, res, mode) / count);
    }
  }
  ratios.sort((a, b) => a - b);
  return {
    jobs: jobs.length * MODES.length,
    empty,
    min: ratios[0] ?? Number.NaN,
    median: ratios[Math.floor(ratios.length / 2)] ?? Number.NaN,
    max: ratios[ratios.length - 1] ?? Number.NaN,
    overFactor: ratios.filter((r) => r > EXACT_COUNT_FACTOR).length,
  };
}

export function renderEstimateRatios(r: EstimateRatios): string {
  const x = (v: number) => `${v.toFixed(2)}×`;
  return [
    `Measured against h3-js on ${r.jobs} seeded jobs (${STRIP_WIDTHS_IN_CELLS.length * STRIPS_PER_WIDTH} strips`,
    `${STRIP_WIDTHS_IN_CELLS[0]}–${STRIP_WIDTHS_IN_CELLS.at(-1)} cells wide at resolution ${STRIP_RES} and ${STARS} random star polygons, each in all`,
    `three containments; \`docs/gen/polyfill-estimate.ts\`): the estimate ran ${x(r.min)}–${x(r.max)} the true`,
    `count (median ${x(r.median)}); ${r.overFactor} of them ran over ${EXACT_COUNT_FACTOR}×, and ${r.empty} had no cell at all.`,
  ].join("\n");
}

export function writeEstimateRatios(): void {
  const doc = readFileSync(H3_DOC, "utf8");
  writeFileSync(
    H3_DOC,
    withGeneratedBlock(doc, ESTIMATE_BLOCK, renderEstimateRatios(measureEstimateRatios())),
  );
}
