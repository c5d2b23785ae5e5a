// The compute worker: runs a catalog handler off the main thread. It takes the catalog's entries
// marked `compute: "pool"` (the same entries the app registers), opens the artifact families they
// read, read-only (once per version), and answers plain data: the handler's answer, or its
// refusal as data (task.ts).
import { workerData } from "node:worker_threads";
import { pino } from "pino";
import { CATALOG } from "../catalog.ts";
import type { Config } from "../config.ts";
import { FAMILY_OPENERS } from "../data/families.ts";
import { type CatalogEntry, type PaymentTerms, type RouteContext, routeKey } from "../route-types.ts";
import { loadKernels } from "./kernel.ts";
import { answerResult, type ComputeResult, type ComputeTask, resultOfError, type WarmTask } from "./task.ts";
import { WorkerFamilies } from "./worker-families.ts";

/** What every worker is started with (Piscina `workerData`): plain data only. */
export interface WorkerSetup {
  config: Config;
  terms: PaymentTerms;
}

const { config, terms } = workerData as WorkerSetup;
const entries = CATALOG.filter((e) => e.compute === "pool" && e.revisions.includes(config.revision));
const byRoute = new Map<string, CatalogEntry>(entries.map((e) => [routeKey(e), e]));
const familiesOf = (e: CatalogEntry) => [...(e.families ?? []), ...(e.optionalFamilies ?? [])];
const poolFamilies = new Set<string>(entries.flatMap(familiesOf));
const log = pino({ level: config.logLevel, base: { worker: true } });
// The kernels of the pool routes (GEOS's WebAssembly among them), loaded before the worker takes a
// task: the main thread never loads them (kernel.ts).
await loadKernels();
const families = new WorkerFamilies(
  config.artifactsDir,
  FAMILY_OPENERS.filter((o) => poolFamilies.has(o.family)),
  (family, version, err) =>
    log.error({ err, family, version }, "compute worker could not open a family version"),
);

export default async function compute(task: ComputeTask | WarmTask): Promise<ComputeResult | object> {
  if ("warm" in task) {
    // Warm start: the first request of a worker should not pay for opening its families. A family
    // that fails here is opened again (or refused 503) when a request names it.
    await families
      .prepare([...poolFamilies], task.versions)
      .catch((err: unknown) => log.warn({ err }, "compute worker could not open a family at start"));
    // Holds this worker briefly so that one warm task per thread lands on every thread.
    await new Promise((r) => setTimeout(r, task.holdMs));
    return { ok: true, bytes: new Uint8Array(0), used: [] };
  }
  const entry = byRoute.get(task.route);
  if (!entry) return { ok: false, fault: `no catalog entry for ${task.route} in the worker`, used: [] };
  const reader = families.reader(task.versions);
  try {
    await families.prepare(familiesOf(entry), task.versions);
    const ctx: RouteContext = {
      config,
      terms,
      catalog: entries,
      data: reader,
      log,
      baseUrl: task.baseUrl,
      selfUrl: task.selfUrl,
    };
    // Serialized here, off the main thread: a 16 MB answer's JSON.stringify took the request
    // thread seconds (issue 30); its bytes cross the boundary moved, not copied.
    return answerResult(await entry.handler(task.input, ctx), reader.used());
  } catch (err) {
    return resultOfError(err, reader.used());
  }
}
