// The census answers' boundaryAccuracyMetres as the current build states them (census.json),
// written into docs/census.md by `npm run docs`; test/conformance/census.test.ts checks the page
// against the built artifact and that no wrong answer of its seeded sample lies farther out.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  CENSUS_FILES,
  CENSUS_FINE_RESOLUTION,
  CENSUS_RESOLUTION,
  type CensusMetadata,
  parseCensusMetadata,
} from "../../artifacts/format/census-record.ts";
import { PROJECT_ROOT } from "../../service/project-root.ts";
import { ARTIFACTS_DIR } from "./coverage-map.ts";
import { withGeneratedBlock } from "./generated-block.ts";

export const CENSUS_DOC = path.join(PROJECT_ROOT, "docs/census.md");
export const CENSUS_ACCURACY_BLOCK = "census-accuracy";

export function renderCensusAccuracy(metadata: CensusMetadata): string {
  const m = metadata.boundaryAccuracyMetres;
  return `This build states ${m[String(CENSUS_RESOLUTION)]} m when resolution ${CENSUS_RESOLUTION} (or a coarser cell) answered and ${m[String(CENSUS_FINE_RESOLUTION)]} m when the resolution-${CENSUS_FINE_RESOLUTION} band did.`;
}

export function writeCensusAccuracy(): void {
  const metadata = parseCensusMetadata(
    readFileSync(path.join(ARTIFACTS_DIR, "census/current", CENSUS_FILES.metadata), "utf8"),
  );
  const doc = readFileSync(CENSUS_DOC, "utf8");
  writeFileSync(CENSUS_DOC, withGeneratedBlock(doc, CENSUS_ACCURACY_BLOCK, renderCensusAccuracy(metadata)));
}
