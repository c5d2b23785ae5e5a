// Child process of the GeoJSON benchmark: times one tool on one document file and prints
// {"ms": median, "valid": verdict}. Run in its own process so that a peer that does not finish
// can be stopped, and so each tool warms up on its own.
import { readFileSync } from "node:fs";
import { TOOLS, type Tool } from "./_geojson-tools.ts";

const [tool, file, runs] = process.argv.slice(2) as [Tool, string, string];
const text = readFileSync(file, "utf8");
const fn = TOOLS[tool];
let valid = fn(text); // warm-up
const times: number[] = [];
for (let i = 0; i < Number(runs); i++) {
  const t0 = performance.now();
  valid = fn(text);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ ms: times[Math.floor(times.length / 2)], valid }));
