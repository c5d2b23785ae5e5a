// The committed lock of upstream files (ingest/sources.lock.json), written by `geo402-ingest lock`
// from the publishers' catalogs as package-lock.json is from the registry: a refresh of the
// coverage is a reviewed diff of this file. Machine-independent: no dates, no mirror state.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FamilyPlan } from "./plan-types.ts";

export const LOCK_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "sources.lock.json",
);

export interface SourcesLock {
  lockVersion: 1;
  families: Record<string, FamilyPlan>;
}

export function lockText(plans: readonly FamilyPlan[]): string {
  const lock: SourcesLock = {
    lockVersion: 1,
    families: Object.fromEntries(
      [...plans]
        .sort((a, b) => (a.family < b.family ? -1 : 1))
        .map(({ family, catalog, rule, files, specified }) => [
          family,
          { family, catalog, rule, files, ...(specified === undefined ? {} : { specified }) },
        ]),
    ),
  };
  return `${JSON.stringify(lock, null, 2)}\n`;
}

export async function writeLock(plans: readonly FamilyPlan[], file = LOCK_FILE): Promise<void> {
  await writeFile(file, lockText(plans));
}

/** The lock, or undefined when there is none; throws naming the file when it is not a lock. */
export async function readLock(file = LOCK_FILE): Promise<SourcesLock | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const lock = JSON.parse(text) as SourcesLock;
  if (lock.lockVersion !== 1 || typeof lock.families !== "object")
    throw new Error(`${file} is not a sources lock (lockVersion 1)`);
  return lock;
}
