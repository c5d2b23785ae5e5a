// The pins file of a family, `<artifacts>/<family>/pins.json`: the upstream bytes `refresh` (or a
// rollback) accepted in place of the ones ingest/sources.ts pins, with the HTTP validators that
// let the next refresh ask "changed?" cheaply, and the upstream versions a rollback rejected.
// A pin applies only while ingest/sources.ts still pins what it superseded (`base`): moving the
// pin in the source code wins over the pins file.
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SourceEntry } from "../sources.ts";

export const PINS_FILE = "pins.json";

export interface SourcePin {
  url: string;
  sha256: string;
  bytes: number;
  vintage: string;
  /** YYYY-MM-DD the bytes were retrieved. */
  retrievedAt: string;
  /** sha256 ingest/sources.ts pinned when this pin was recorded. */
  base: string;
  etag?: string;
  lastModified?: string;
}

export interface RejectedInput {
  id: string;
  sha256: string;
  /** The version a rollback left. */
  version: string;
  at: string;
}

export interface FamilyPins {
  pinsVersion: 1;
  family: string;
  sources: Record<string, SourcePin>;
  rejected: RejectedInput[];
}

const HEX64 = /^[0-9a-f]{64}$/;

function isPin(v: unknown): v is SourcePin {
  const p = v as Partial<SourcePin> | null;
  return (
    typeof p === "object" &&
    p !== null &&
    typeof p.url === "string" &&
    HEX64.test(String(p.sha256)) &&
    HEX64.test(String(p.base)) &&
    Number.isInteger(p.bytes) &&
    typeof p.vintage === "string" &&
    typeof p.retrievedAt === "string" &&
    (p.etag === undefined || typeof p.etag === "string") &&
    (p.lastModified === undefined || typeof p.lastModified === "string")
  );
}

function isRejected(v: unknown): v is RejectedInput {
  const r = v as Partial<RejectedInput> | null;
  return typeof r === "object" && r !== null && typeof r.id === "string" && HEX64.test(String(r.sha256));
}

export const pinsPath = (outRoot: string, family: string): string => path.join(outRoot, family, PINS_FILE);

/** The family's pins; empty when it has no pins file. Throws on a malformed file (never guesses). */
export async function readPins(outRoot: string, family: string): Promise<FamilyPins> {
  const file = pinsPath(outRoot, family);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      return { pinsVersion: 1, family, sources: {}, rejected: [] };
    throw err;
  }
  let value: Partial<FamilyPins>;
  try {
    value = JSON.parse(text) as Partial<FamilyPins>;
  } catch {
    throw new Error(`${file} is not JSON`);
  }
  const sources = value.sources ?? {};
  if (
    value.pinsVersion !== 1 ||
    value.family !== family ||
    typeof sources !== "object" ||
    !Object.values(sources).every(isPin) ||
    !Array.isArray(value.rejected) ||
    !value.rejected.every(isRejected)
  ) {
    throw new Error(`${file} is not a pins file of ${family} (pinsVersion 1)`);
  }
  return { pinsVersion: 1, family, sources, rejected: value.rejected };
}

/** Replaces the pins file atomically (write beside it, then rename over it). */
export async function writePins(outRoot: string, pins: FamilyPins): Promise<void> {
  const file = pinsPath(outRoot, pins.family);
  const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, `${JSON.stringify(pins, null, 2)}\n`);
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The pin of `entry` when it still applies (its base is what the registry pins now). */
export function livePin(entry: SourceEntry, pins: FamilyPins): SourcePin | undefined {
  const pin = pins.sources[entry.id];
  return pin && pin.base === entry.sha256 ? pin : undefined;
}

/** `entry` as the pins file moved it (new bytes, vintage and retrieval day), or as it is. */
export function pinnedEntry(entry: SourceEntry, pins: FamilyPins): SourceEntry {
  const pin = livePin(entry, pins);
  if (!pin || pin.sha256 === entry.sha256) return entry;
  return {
    ...entry,
    url: pin.url,
    sha256: pin.sha256,
    bytes: pin.bytes,
    vintage: pin.vintage,
    mirroredAt: pin.retrievedAt,
  };
}

/** The registry with every family's live pins applied: what build, verify, list and repro use. */
export async function effectiveSources(
  registry: readonly SourceEntry[],
  outRoot: string,
  families: readonly { family: string; sources: string[] }[],
): Promise<SourceEntry[]> {
  const byId = new Map(registry.map((e) => [e.id, e]));
  for (const f of families) {
    const pins = await readPins(outRoot, f.family);
    for (const id of f.sources) {
      const entry = byId.get(id);
      if (entry) byId.set(id, pinnedEntry(entry, pins));
    }
  }
  return [...byId.values()];
}
