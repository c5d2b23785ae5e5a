// Entry point: read the configuration, start the service, stop cleanly on SIGINT/SIGTERM (after
// draining for GEO402_DRAIN_MS: readiness false, the API still serving, then answers in flight finish).
// Only the configuration and anvil's launcher load before main() runs: the devnet's chain (anvil,
// its own process, a few hundred milliseconds to answer) is launched first, and the service's
// modules load while it starts (docs/performance.md#start-up).
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { chainIdOf, startAnvil } from "./devnet/anvil.ts";

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Without a facilitator URL the service runs the devnet (config.ts requires PAY_TO with it).
  const anvil = config.facilitatorUrl
    ? undefined
    : startAnvil(chainIdOf(config.network), config.devnetBlockTimeS);
  // Its failure is reported where startService awaits it, not as an unhandled rejection meanwhile.
  anvil?.catch(() => {});
  const { startService } = await import("./runtime.ts");
  const service = await startService(config, anvil ? { anvil } : {});
  const mode = service.devnet
    ? `devnet (chain ${service.devnet.anvil.rpcUrl})`
    : `facilitator ${config.facilitatorUrl}`;
  service.app.log.info(
    {
      url: service.url,
      revision: config.revision,
      network: config.network,
      mode,
      devnetFile: service.devnetFile,
      admin: service.adminUrl ?? "off",
    },
    "geo402 listening",
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.app.log.info({ signal, drainMs: config.drainMs }, "stopping");
    await service.drain(config.drainMs);
    process.exit(0);
  };
  process.on("SIGHUP", () => {
    service.app.log.info("SIGHUP: checking the artifact families' current versions");
    void service.reloadData();
  });
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
