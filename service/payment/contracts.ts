// Compiles the devnet's Solidity contracts with solc-js (bundled compiler, no download) and caches
// the result by source hash under the geo402 home folder.
import { spawn } from "node:child_process";
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

/**
 * solc-js is a large WebAssembly compiler: run it in a short-lived child process so the service
 * does not keep its memory for the rest of its life.
 */
function compileInChild(input: string): Promise<string> {
  const script =
    'import solc from "solc"; let s = ""; process.stdin.on("data", (d) => (s += d)); process.stdin.on("end", () => process.stdout.write(solc.compile(s)));';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: CONTRACT_DIR,
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`solc exited with ${code}`))));
    child.stdin.end(input);
  });
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
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const out = JSON.parse(await compileInChild(JSON.stringify(input))) as SolcOutput;
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
