// Prints the plain closing line "tests: N passed, N failed, N skipped" from vitest's JSON report.
import { readFileSync } from "node:fs";

const file = process.argv[2];
try {
  const r = JSON.parse(readFileSync(file, "utf8"));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log("tests: 0 passed, 1 failed");
}
