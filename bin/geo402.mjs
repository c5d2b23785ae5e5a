#!/usr/bin/env node
// geo402 CLI: quote and pay geo402 routes with x402 (TypeScript sources run through tsx).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/geo402.ts");
process.exitCode = await main(process.argv.slice(2));
