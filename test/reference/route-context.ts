// A RouteContext for unit tests that call a catalog entry's handler directly (no app, no
// payment). Handlers of pure-computation routes read nothing from it.
import type { FastifyBaseLogger } from "fastify";
import { loadConfig } from "../../service/config.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import type { RouteContext } from "../../service/route-types.ts";

export function unitRouteContext(): RouteContext {
  const quiet = (): void => {};
  const log: FastifyBaseLogger = {
    level: "silent",
    info: quiet,
    error: quiet,
    debug: quiet,
    fatal: quiet,
    warn: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  const config = loadConfig({});
  return {
    config,
    terms: {
      network: config.network,
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      assetName: "USD Coin",
      assetVersion: "2",
      payTo: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      facilitatorUrl: "http://127.0.0.1:0",
    },
    catalog: [],
    data: new DataRegistry(),
    log,
    baseUrl: "http://127.0.0.1:0",
    selfUrl: "http://127.0.0.1:0",
  };
}
