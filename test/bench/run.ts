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
let failed = 0;
for (const script of scripts) {
  console.log(`\n## ${script.replace(/\.ts$/, "")}\n`);
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, script)], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
