// Entry point: read the configuration, start the service, stop cleanly on SIGINT/SIGTERM (after
// draining for GEO402_DRAIN_MS: readiness false, the API still serving, then answers in flight finish).
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { startService } from "./runtime.ts";

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
  const service = await startService(config);
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
