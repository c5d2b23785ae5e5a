// A saved devnet chain: the state right after deploying the test contracts and funding the dev
// accounts, kept under build/devnet/ (keyed by everything it depends on) and loaded into a new
// anvil with anvil_loadState — one call instead of two deployments and ten mint transactions.
// The first start makes it (one file per asset address); the state does not depend on the chain id
// (TestUSDC reads block.chainid per call).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../project-root.ts";
import { rpcCall } from "./anvil.ts";

export const DEVNET_STATE_DIR = path.join(PROJECT_ROOT, "build", "devnet");

export function devnetStateFile(inputs: unknown): string {
  const key = createHash("sha256")
    .update(JSON.stringify(inputs, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)))
    .digest("hex")
    .slice(0, 16);
  return path.join(DEVNET_STATE_DIR, `state-${key}.hex`);
}

/** Loads a saved state into the node; false when there is none. */
export async function loadDevnetState(rpcUrl: string, file: string): Promise<boolean> {
  let state: string;
  try {
    state = readFileSync(file, "utf8").trim();
  } catch {
    return false;
  }
  // A state this anvil cannot read (another anvil version) is made again.
  return (await rpcCall(rpcUrl, "anvil_loadState", [state]).catch(() => false)) === true;
}

/** Saves the node's state (best effort: a read-only checkout only loses the speed-up). */
export async function saveDevnetState(rpcUrl: string, file: string): Promise<void> {
  const state = (await rpcCall(rpcUrl, "anvil_dumpState")) as string;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, state);
    renameSync(tmp, file);
  } catch {
    // not writable: the next start deploys again
  }
}

/** The dev accounts of a mnemonic, from build/devnet/ or derived (and saved there, best effort). */
export function readDevAccounts<A>(mnemonic: string, count: number, derive: (index: number) => A): A[] {
  const file = devnetStateFile({ mnemonic, count }).replace(/state-(\w+)\.hex$/, "accounts-$1.json");
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as A[];
    if (Array.isArray(saved) && saved.length === count) return saved;
  } catch {
    // not saved yet
  }
  const accounts = Array.from({ length: count }, (_, i) => derive(i));
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(accounts), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // not writable: derived again next time
  }
  return accounts;
}
