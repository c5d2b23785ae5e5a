// docs/performance.md's measured tables are the saved bench run's own output (`npm run docs`
// copies them from docs/performance-run.txt).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { BENCH_RUN, benchBlocks, PERFORMANCE_DOC } from "../../docs/gen/bench-tables.ts";
import { generatedBlock } from "../../docs/gen/generated-block.ts";

it("docs/performance.md shows every table of the saved bench run as it was printed", () => {
  const page = readFileSync(PERFORMANCE_DOC, "utf8");
  const blocks = benchBlocks(readFileSync(BENCH_RUN, "utf8"));
  for (const [name, text] of blocks) expect([name, generatedBlock(page, name)]).toEqual([name, text]);
});

it("splits a run at the headings run.ts prints and reads the load averages around it", () => {
  const run = [
    " 17:00:00 up 1:00,  0 user,  load average: 1.50, 2.00, 3.00",
    "## size-curves",
    "| a | b |",
    "## typical-calls",
    "### Area",
    "## x402-peer",
    "x",
    "exit 0",
    " 17:10:00 up 1:10,  0 user,  load average: 4.00, 5.00, 6.00",
  ].join("\n");
  const blocks = benchBlocks(run);
  expect(blocks.get("bench-size-curves")).toBe("| a | b |");
  expect(blocks.get("bench-typical-calls")).toBe("### Area");
  expect(blocks.get("bench-x402-peer")).toBe("x");
  expect(blocks.get("bench-load")).toContain(
    "before the run: 1.50 / 2.00 / 3.00; after it: 4.00 / 5.00 / 6.00",
  );
});
