// Opens the built ENC family (artifacts/enc/current, made by `make artifacts` or
// `npx tsx ingest/cli.ts build enc`) and gives route handlers a real context around it, plus the
// response-schema validators the route answers must pass.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import Fastify from "fastify";
import { CATALOG } from "../../service/catalog.ts";
import { loadConfig } from "../../service/config.ts";
import { ENC_FAMILY, type EncCharts, encOpener } from "../../service/data/enc-charts.ts";
import { openFamily } from "../../service/data/families.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import type { CatalogEntry, RouteContext } from "../../service/route-types.ts";
import { ARTIFACTS_DIR } from "../support/built-artifacts.ts";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

export async function openEncRegistry(): Promise<DataRegistry> {
  const registry = new DataRegistry();
  const opened = await openFamily(ARTIFACTS_DIR, encOpener, registry);
  if (opened.state !== "ready") {
    throw new Error(`the enc artifact is not usable (${opened.reason}); run \`make artifacts\``);
  }
  return registry;
}

export const encOf = (registry: DataRegistry): EncCharts => registry.require(ENC_FAMILY).value;

export function routeContext(data: DataRegistry): RouteContext {
  return {
    config: loadConfig({}, repoRoot),
    terms: {
      network: "eip155:8453",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      assetName: "USD Coin",
      assetVersion: "2",
      payTo: "0x70997970C51812dc3A010C7d01b50e20d4dc79C8",
      facilitatorUrl: "http://127.0.0.1:1/facilitator",
    },
    catalog: CATALOG,
    data,
    log: Fastify({ logger: false }).log,
    baseUrl: "http://127.0.0.1:4020",
    selfUrl: "http://127.0.0.1:4020",
  };
}

export function entry(routePath: string): CatalogEntry {
  const e = CATALOG.find((x) => x.path === routePath);
  if (!e) throw new Error(`no catalog entry ${routePath}`);
  return e;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

/** The compiled response schema of a route (schemas/<name>.json). */
export function responseValidator(e: CatalogEntry): ValidateFunction {
  return ajv.compile(
    JSON.parse(readFileSync(path.join(repoRoot, "schemas", `${e.schemas.response}.json`), "utf8")),
  );
}
