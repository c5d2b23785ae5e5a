// npm run bench [-- name ...]: runs each benchmark script in test/bench/ in its own process,
// one after another (they measure; they never assert).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, "")))
  .sort();
const failed: string[] = [];
for (const script of scripts) {
  const name = script.replace(/\.ts$/, "");
  console.log(`\n## ${name}\n`);
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, script)], { stdio: "inherit" });
  if (r.status !== 0)
    failed.push(
      `${name} (${r.error?.message ?? (r.signal ? `signal ${r.signal}` : `exit code ${r.status}`)})`,
    );
}
// A benchmark that failed is named at the end, so a failure is never silent in a long run.
if (failed.length > 0) console.log(`\nBenchmarks that failed: ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
