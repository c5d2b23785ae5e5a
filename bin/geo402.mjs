#!/usr/bin/env node
// geo402 CLI: quote and pay geo402 routes with x402. Where esbuild is installed (a checkout with
// its dev dependencies: development, tests) the CLI runs from one bundle of cli/geo402.ts, built
// once and reused until one of its sources changes (service/thread-bundle.mjs): loaded module by
// module through tsx, each call spent about 4 CPU-seconds more starting. `geo402 devnet` starts
// the facilitator's thread, whose entry sits beside the TypeScript sources, and an install without
// esbuild has only tsx: those run the sources through tsx.
const argv = process.argv.slice(2);

async function fromBundle() {
  if (argv[0] === "devnet") return undefined;
  const { threadBundle } = await import("../service/thread-bundle.mjs");
  try {
    return await import(await threadBundle(new URL("../cli/geo402.ts", import.meta.url)));
  } catch (err) {
    if (err?.code === "ERR_MODULE_NOT_FOUND" && /'esbuild'/.test(err.message)) return undefined;
    throw err;
  }
}

async function fromSources() {
  const { register } = await import("tsx/esm/api");
  register();
  return import("../cli/geo402.ts");
}

const { main } = (await fromBundle()) ?? (await fromSources());
process.exitCode = await main(argv);
