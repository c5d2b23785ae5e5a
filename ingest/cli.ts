// Entry point of `geo402-ingest` (also `npx tsx ingest/cli.ts ...`).
import { runCli } from "./cli-commands.ts";

process.exitCode = await runCli(process.argv.slice(2));
