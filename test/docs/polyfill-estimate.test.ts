// The polyfill estimate's range in docs/h3-pip.md is the measurement, repeated here against h3-js
// (`npm run docs` rewrites it after a deliberate change of the bound).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { generatedBlock } from "../../docs/gen/generated-block.ts";
import {
  ESTIMATE_BLOCK,
  H3_DOC,
  measureEstimateRatios,
  renderEstimateRatios,
} from "../../docs/gen/polyfill-estimate.ts";

it("docs/h3-pip.md states the estimate's range as measured against h3-js on the seeded jobs", () => {
  const measured = measureEstimateRatios();
  expect(measured.min).toBeGreaterThanOrEqual(1);
  expect(generatedBlock(readFileSync(H3_DOC, "utf8"), ESTIMATE_BLOCK)).toBe(renderEstimateRatios(measured));
});
