// What the service's main thread loads on its way to the first answer: the modules reachable by
// static imports from service/server.ts and from service/runtime.ts, which server.ts imports at
// once after launching the devnet's chain (what `npm start` compiles and evaluates before it
// listens; any other dynamic import() is its own chunk, loaded only when called). The kernels of the pool routes
// (compute/kernel.ts: GEOS's WebAssembly, proj4, polyclip-ts, the GeoJSON checks with flatbush) and the
// devnet facilitator (its own thread) must not be among them; the compute worker's entry still
// reaches the kernels, and the facilitator thread's entry the facilitator.
import path from "node:path";
import * as esbuild from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/service.ts";

const ENTRIES = {
  server: "service/server.ts",
  runtime: "service/runtime.ts",
  worker: "service/compute/worker.ts",
  facilitator: "service/facilitator/facilitator-worker.ts",
} as const;

/** Modules only a compute worker or the facilitator thread may load (inputs as esbuild names them). */
const OFF_THE_MAIN_THREAD = [
  "geos-wasm",
  "node_modules/polyclip-ts/",
  "node_modules/flatbush/",
  "service/geo/geometry/geos.ts",
  "service/geo/geojson/validate.ts",
  "service/geo/h3/polyfill-plan.ts",
  "service/facilitator/facilitator.ts",
  "node_modules/proj4/",
  "service/geo/transform/transform.ts",
];

let inputs: esbuild.Metafile["inputs"];

/** Every input (and external) reachable from the entries, with or without dynamic imports. */
function reachable(entries: string[], dynamic: boolean): Set<string> {
  const seen = new Set<string>(entries);
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const i of inputs[file]?.imports ?? []) {
      if (!dynamic && i.kind === "dynamic-import") continue;
      if (seen.has(i.path)) continue;
      seen.add(i.path);
      queue.push(i.path);
    }
  }
  return seen;
}

const holding = (modules: Set<string>, name: string) => [...modules].filter((m) => m.includes(name));

beforeAll(async () => {
  // The same bundling as `npm run build` (geos-wasm and piscina external), nothing written.
  const built = await esbuild.build({
    absWorkingDir: REPO_ROOT,
    entryPoints: Object.values(ENTRIES),
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["geos-wasm", "piscina"],
    outdir: path.join(REPO_ROOT, "build", "module-graph"),
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  inputs = built.metafile.inputs;
});

describe("the main thread's modules", () => {
  it("holds no pool-route kernel and no facilitator", () => {
    expect(inputs[ENTRIES.server]?.imports).toContainEqual(
      expect.objectContaining({ path: ENTRIES.runtime, kind: "dynamic-import" }),
    );
    const main = reachable([ENTRIES.server, ENTRIES.runtime], false);
    expect(main.size).toBeGreaterThan(100);
    for (const name of OFF_THE_MAIN_THREAD) expect(holding(main, name), name).toEqual([]);
  });

  it("the compute worker loads the kernels, the facilitator thread the facilitator", () => {
    const worker = reachable([ENTRIES.worker], true);
    const facilitator = reachable([ENTRIES.facilitator], false);
    for (const name of OFF_THE_MAIN_THREAD)
      expect([...holding(worker, name), ...holding(facilitator, name)], name).not.toEqual([]);
  });
});
