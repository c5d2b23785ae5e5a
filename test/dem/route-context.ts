// A small RouteContext for calling elevation handlers directly (unit level; the end-to-end tests
// go through the real app and devnet). Also: calling a catalog entry and catching its refusal.
import { CATALOG } from "../../service/catalog.ts";
import { loadConfig } from "../../service/config.ts";
import type { DemDataset } from "../../service/data/dem-dataset.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import { ApiError } from "../../service/errors.ts";
import { toApiError } from "../../service/refusals.ts";
import type { CatalogEntry, RouteContext } from "../../service/route-types.ts";

export function contextWith(dem: DemDataset | null): RouteContext {
  const data = new DataRegistry();
  if (dem) data.set("dem", "test", dem);
  const silent = () => {};
  const log = {
    info: silent,
    warn: silent,
    error: silent,
    debug: silent,
    trace: silent,
    fatal: silent,
    level: "silent",
  };
  return {
    config: loadConfig({ LOG_LEVEL: "silent" }),
    terms: {
      network: "eip155:8453",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      assetName: "USD Coin",
      assetVersion: "2",
      payTo: "0x0000000000000000000000000000000000000001",
      facilitatorUrl: "http://127.0.0.1:9",
    },
    catalog: CATALOG,
    data,
    log: log as unknown as RouteContext["log"],
    baseUrl: "http://127.0.0.1:9",
    selfUrl: "http://127.0.0.1:9",
  };
}

export function entry(method: "GET" | "POST", path: string): CatalogEntry {
  const e = CATALOG.find((c) => c.method === method && c.path === path);
  if (!e) throw new Error(`no catalog entry ${method} ${path}`);
  return e;
}

/** Runs a handler expecting a refusal; returns the ApiError callers would see (a kernel's
 * Refusal mapped as the route layer maps it). */
export async function refusal(run: () => unknown): Promise<ApiError> {
  try {
    await run();
  } catch (err) {
    const mapped = toApiError(err);
    if (mapped instanceof ApiError) return mapped;
    throw err;
  }
  throw new Error("expected an ApiError refusal, got an answer");
}
