// Prints the ten slowest test files with their times, then the plain closing line
// "tests: N passed, N failed, N skipped", from vitest's JSON report.
import { readFileSync } from "node:fs";
import path from "node:path";

const file = process.argv[2];
try {
  const r = JSON.parse(readFileSync(file, "utf8"));
  const files = (r.testResults ?? [])
    .map((t) => ({ name: path.relative(process.cwd(), t.name), seconds: (t.endTime - t.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  console.log("slowest test files:");
  for (const f of files.slice(0, 10)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log("tests: 0 passed, 1 failed");
}
