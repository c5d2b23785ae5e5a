// The DEM alone at a given number of 3DEP blocks, for the memory and CPU slope of its ingest
// (docs/performance.md, "A build at full scale"): generates the blocks as `make scale` does (the
// nearest to the real tile), then builds only dem in its own process (build-family.ts) and prints
// its JSON line {family, version, wallMs, cpuMs, maxRssKiB}.
//   npx tsx test/scale/build-dem.ts <blocks>
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readLock } from "../../ingest/catalogs/lock-file.ts";
import { root } from "../bench/_service-process.ts";
import { generateInputs } from "./generate-inputs.ts";
import { scaleBlocks } from "./scale-plan.ts";

const count = Number(process.argv[2]);
const files = (await readLock())?.families.dem?.files ?? [];
if (!(Number.isInteger(count) && count > 0 && count <= files.length))
  throw new Error(`usage: build-dem.ts <blocks>, 1 to ${files.length}`);
const dir = path.resolve(root, process.env.SCALE_DIR ?? ".geo402/scale");
const shared = path.join(process.env.GEO402_SHARED ?? path.resolve(root, "../shared"), "data");
const blocks = scaleBlocks(files, count / files.length);
const generated = await generateInputs(dir, shared, blocks, [], (m) => console.error(`[build-dem] ${m}`));
writeFileSync(
  path.join(dir, "inputs.json"),
  JSON.stringify({ fraction: count / files.length, blocks, cells: [], ...generated }),
);
const out = path.join(dir, `dem-${count}`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const r = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(import.meta.dirname, "build-family.ts"), "dem", "scale", out, dir],
  { cwd: root, stdio: "inherit" },
);
process.exit(r.status ?? 1);
