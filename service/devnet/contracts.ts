// The devnet's Solidity contracts: compiled with solc-js (pinned, bundled compiler, no download)
// by `npm run contracts`, which writes contracts/compiled.json; the service only reads that file
// (no compiler at start-up). A test recompiles and checks the file is exactly the compiler's output
// for the current sources.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Abi } from "viem";
import { PROJECT_ROOT } from "../project-root.ts";

export interface CompiledContract {
  abi: Abi;
  bytecode: `0x${string}`;
}
export type CompiledContracts = Record<
  "TestUSDC" | "Multicall3Lite" | "X402BatchSettlement" | "ERC3009DepositCollector",
  CompiledContract
>;
/** contracts/compiled.json: the compiler output and the digest of the sources it came from. */
export interface CompiledFile {
  sourceDigest: string;
  contracts: CompiledContracts;
}

const CONTRACT_DIR = path.join(PROJECT_ROOT, "contracts");
export const COMPILED_FILE = path.join(CONTRACT_DIR, "compiled.json");
const FILES = [
  "TestUSDC.sol",
  "Multicall3Lite.sol",
  "X402BatchSettlement.sol",
  "ERC3009DepositCollector.sol",
] as const;

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

function readSources(): Record<string, { content: string }> {
  return Object.fromEntries(
    FILES.map((f) => [f, { content: readFileSync(path.join(CONTRACT_DIR, f), "utf8") }]),
  );
}

export function sourceDigest(sources = readSources()): string {
  return createHash("sha256").update(JSON.stringify(sources)).digest("hex").slice(0, 16);
}

/** The shipped compiler output; refuses one compiled from other sources than the current ones. */
export function loadCompiledContracts(): CompiledContracts {
  const file = JSON.parse(readFileSync(COMPILED_FILE, "utf8")) as CompiledFile;
  if (file.sourceDigest !== sourceDigest())
    throw new Error("contracts/compiled.json is stale for contracts/*.sol: run `npm run contracts`");
  return file.contracts;
}

export async function compileContracts(): Promise<CompiledFile> {
  const sources = readSources();
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
  return {
    sourceDigest: sourceDigest(sources),
    contracts: {
      TestUSDC: pick("TestUSDC.sol", "TestUSDC"),
      Multicall3Lite: pick("Multicall3Lite.sol", "Multicall3Lite"),
      X402BatchSettlement: pick("X402BatchSettlement.sol", "x402BatchSettlement"),
      ERC3009DepositCollector: pick("ERC3009DepositCollector.sol", "ERC3009DepositCollector"),
    },
  };
}

/** `npm run contracts`: writes contracts/compiled.json.
 * @public (called from the npm script, which knip does not read) */
export async function writeCompiledContracts(): Promise<void> {
  const tmp = `${COMPILED_FILE}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(await compileContracts(), null, 2)}\n`);
  renameSync(tmp, COMPILED_FILE);
}
