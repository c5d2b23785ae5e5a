// `npm run docs`: regenerates the generated documentation (route reference, coverage maps, the
// 402 header sizes in docs/discovery.md, measured on the service: it starts both revisions, and
// the polyfill estimate's measured ratios in docs/h3-pip.md, the census bound in docs/census.md,
// the saved bench run's tables in docs/performance.md).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { writeBenchTables } from "./bench-tables.ts";
import { writeCensusAccuracy } from "./census-accuracy.ts";
import { ARTIFACTS_DIR, renderCoverageMap } from "./coverage-map.ts";
import { writeEstimateRatios } from "./polyfill-estimate.ts";
import { writeQuoteSizes } from "./quote-sizes.ts";
import { renderRouteReference } from "./route-reference.ts";
import { renderSpecCoverageMap } from "./spec-coverage-map.ts";

const DOCS = path.resolve(import.meta.dirname, "..");
writeFileSync(path.join(DOCS, "routes.md"), renderRouteReference());
writeFileSync(path.join(DOCS, "coverage.svg"), await renderCoverageMap(ARTIFACTS_DIR));
writeFileSync(path.join(DOCS, "spec-coverage.svg"), await renderSpecCoverageMap(ARTIFACTS_DIR));
await writeQuoteSizes();
writeEstimateRatios();
writeCensusAccuracy();
writeBenchTables();
console.log(
  "wrote docs/routes.md, docs/coverage.svg, docs/spec-coverage.svg, the 402 sizes in docs/discovery.md, the polyfill estimate in docs/h3-pip.md, the census accuracy in docs/census.md and the saved bench run's tables in docs/performance.md",
);
