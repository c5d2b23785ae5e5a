// `npm run docs`: regenerates the generated documentation (route reference, coverage map).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ARTIFACTS_DIR, renderCoverageMap } from "./coverage-map.ts";
import { renderRouteReference } from "./route-reference.ts";

const DOCS = path.resolve(import.meta.dirname, "..");
writeFileSync(path.join(DOCS, "routes.md"), renderRouteReference());
writeFileSync(path.join(DOCS, "coverage.svg"), await renderCoverageMap(ARTIFACTS_DIR));
console.log("wrote docs/routes.md and docs/coverage.svg");
