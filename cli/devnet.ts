// `geo402 devnet`: the embedded devnet alone (anvil chain, test USDC, the facilitator on loopback
// HTTP) for N service replicas to share. Writes the devnet file (payer key, RPC, asset), prints
// the environment replicas start with (FACILITATOR_URL, PAY_TO, GEO402_REVISION, and GEO402_RPC_URL
// so a replica can confirm another replica's settlement on chain) and runs until
// SIGTERM/SIGINT. Production equivalent: a hosted x402 facilitator on the real network
// (docs/operations.md).
import { ConfigError, loadConfig } from "../service/config.ts";
import { startDevnet } from "../service/devnet/devnet.ts";

export async function devnetMain(argv: readonly string[]): Promise<number> {
  if (argv.length > 0) {
    console.error(
      `geo402 devnet takes no argument (configuration: GEO402_REVISION, GEO402_HOME, GEO402_PUBLIC_URL)`,
    );
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // The devnet's own settings only: FACILITATOR_URL/PAY_TO are what this command provides.
    const { FACILITATOR_URL: _f, PAY_TO: _p, ...env } = process.env;
    config = loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 2;
  }
  const devnet = await startDevnet({
    network: config.network,
    home: config.home,
    ...(config.devnetBlockTimeS === undefined ? {} : { blockTimeS: config.devnetBlockTimeS }),
  });
  const serviceUrl = process.env.GEO402_PUBLIC_URL ?? "http://127.0.0.1:4020";
  const file = devnet.writeFile(config.home, serviceUrl);
  process.stdout.write(
    `# devnet ${config.network}: chain ${devnet.anvil.rpcUrl}, devnet file ${file}\n` +
      `export GEO402_REVISION=${config.revision}\nexport FACILITATOR_URL=${devnet.facilitatorUrl}\nexport PAY_TO=${devnet.payTo}\n` +
      `export GEO402_RPC_URL=${devnet.anvil.rpcUrl}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  await devnet.stop();
  return 0;
}
