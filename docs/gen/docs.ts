// `npm run docs`: regenerates the generated documentation (route reference, coverage map, and the
// 402 header sizes in docs/discovery.md, measured on the service: it starts both revisions).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ARTIFACTS_DIR, renderCoverageMap } from "./coverage-map.ts";
import { writeQuoteSizes } from "./quote-sizes.ts";
import { renderRouteReference } from "./route-reference.ts";

const DOCS = path.resolve(import.meta.dirname, "..");
writeFileSync(path.join(DOCS, "routes.md"), renderRouteReference());
writeFileSync(path.join(DOCS, "coverage.svg"), await renderCoverageMap(ARTIFACTS_DIR));
await writeQuoteSizes();
console.log("wrote docs/routes.md, docs/coverage.svg and the 402 sizes in docs/discovery.md");
