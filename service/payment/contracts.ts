// Compiles the devnet's Solidity contracts with solc-js (bundled compiler, no download) and caches
// the result by source hash under the geo402 home folder.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi } from "viem";

export interface CompiledContract {
  abi: Abi;
  bytecode: `0x${string}`;
}
export type CompiledContracts = Record<"TestUSDC" | "Multicall3Lite", CompiledContract>;

const CONTRACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../contracts");
const FILES = ["TestUSDC.sol", "Multicall3Lite.sol"] as const;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

export async function compileContracts(home: string): Promise<CompiledContracts> {
  const sources = Object.fromEntries(
    FILES.map((f) => [f, { content: readFileSync(path.join(CONTRACT_DIR, f), "utf8") }]),
  );
  const digest = createHash("sha256").update(JSON.stringify(sources)).digest("hex").slice(0, 16);
  const cacheFile = path.join(home, `contracts-${digest}.json`);
  try {
    return JSON.parse(readFileSync(cacheFile, "utf8")) as CompiledContracts;
  } catch {
    // not cached yet
  }
  const { default: solc } = (await import("solc")) as { default: { compile(input: string): string } };
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join("\n")}`);
  const pick = (file: string, name: string): CompiledContract => {
    const c = out.contracts[file]?.[name];
    if (!c) throw new Error(`solc produced no ${name}`);
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  };
  const compiled: CompiledContracts = {
    TestUSDC: pick("TestUSDC.sol", "TestUSDC"),
    Multicall3Lite: pick("Multicall3Lite.sol", "Multicall3Lite"),
  };
  mkdirSync(home, { recursive: true });
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(compiled));
  renameSync(tmp, cacheFile);
  return compiled;
}
