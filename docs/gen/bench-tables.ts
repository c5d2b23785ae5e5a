// The measured tables of docs/performance.md. One run of the CPU benches is kept as it printed:
//   (uptime; npm run --silent bench -- typical-calls size-curves x402-peer; uptime) > docs/performance-run.txt
// run.ts heads each benchmark's output with `## <name>`; `npm run docs` copies that output into
// the page's block `bench-<name>`, and the load averages before and after into `bench-load`, so
// every figure on the page is the command's own. test/docs/bench-tables.test.ts compares them.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../service/project-root.ts";
import { withGeneratedBlock } from "./generated-block.ts";

export const PERFORMANCE_DOC = path.join(PROJECT_ROOT, "docs/performance.md");
export const BENCH_RUN = path.join(PROJECT_ROOT, "docs/performance-run.txt");
export const BENCHES = ["typical-calls", "size-curves", "x402-peer"] as const;

/** The blocks of the page from a saved run: `bench-<name>` per benchmark, and `bench-load`. */
export function benchBlocks(run: string): Map<string, string> {
  const blocks = new Map<string, string>();
  const parts = run.split(/^## (\S+)\s*$/m);
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    // the trailing uptime line and exit status belong to the run, not to the last benchmark
    const text = (parts[i + 1] as string)
      .split("\n")
      .filter((line) => !/load average: /.test(line) && !/^exit \d+$/.test(line))
      .join("\n")
      .trim();
    blocks.set(`bench-${name}`, text);
  }
  for (const name of BENCHES)
    if (!blocks.has(`bench-${name}`)) throw new Error(`the saved run lacks the ${name} benchmark`);
  const loads = [...run.matchAll(/load average: ([\d.]+), ([\d.]+), ([\d.]+)/g)].map((m) =>
    m.slice(1).join(" / "),
  );
  blocks.set(
    "bench-load",
    `Load average (1 / 5 / 15 min, \`uptime\`) before the run: ${loads[0] ?? "not recorded"}; after it: ${loads.at(-1) ?? "not recorded"}.`,
  );
  return blocks;
}

/** docs/performance.md with its bench blocks from `run`. */
export function withBenchTables(doc: string, run: string): string {
  let out = doc;
  for (const [name, text] of benchBlocks(run)) out = withGeneratedBlock(out, name, text);
  return out;
}

export function writeBenchTables(): void {
  const doc = readFileSync(PERFORMANCE_DOC, "utf8");
  writeFileSync(PERFORMANCE_DOC, withBenchTables(doc, readFileSync(BENCH_RUN, "utf8")));
}
