// One family built in its own process, so its wall time and peak resident memory are its own:
//   tsx test/scale/build-family.ts <family> <small|scale> <outRoot> <scaleDir>
// prints one JSON line {family, wallMs, cpuMs, maxRssKiB, version}. `small` is today's build (the
// pinned inputs, ../shared/data); `scale` adds the generated inputs of <scaleDir>/inputs.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import { familyByName } from "../../ingest/families.ts";
import { buildFamily } from "../../ingest/lib/build.ts";
import { SOURCES, type SourceEntry } from "../../ingest/sources.ts";
import { type ScaledFamily, type ScalePlan, scaleBuilder } from "./scale-families.ts";

const [family, variant, outRoot, scaleDir] = process.argv.slice(2) as [ScaledFamily, string, string, string];
const shared = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let builder = familyByName(family);
let sources: readonly SourceEntry[] = SOURCES;
let mirror = shared;
if (variant === "scale") {
  const saved = JSON.parse(readFileSync(path.join(scaleDir, "inputs.json"), "utf8")) as ScalePlan & {
    mirror: string;
    sources: SourceEntry[];
  };
  builder = scaleBuilder(family, saved);
  sources = [...SOURCES, ...saved.sources];
  mirror = saved.mirror;
}
const result = await buildFamily(builder, {
  outRoot,
  mirror,
  sources,
  command: `test/scale/build-family.ts ${family} ${variant}`,
  log: (m) => process.stderr.write(`  [${family} ${variant}] ${m}\n`),
  progress: () => {},
});
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    family,
    version: result.version,
    wallMs: performance.now() - t0,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssKiB: process.resourceUsage().maxRSS,
  }),
);
