// Opens the artifact families at start-up: for each opener, resolve `<artifactsDir>/<family>/current`,
// check the manifest (schema, family, format major) and every output hash, open it, and record
// it in the DataRegistry, or record why it is unavailable. One family failing never stops the
// others: its routes answer 503 data_unavailable, the rest keep serving.

import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import {
  type ArtifactManifest,
  formatMajor,
  readManifest,
  verifyOutputs,
} from "../../artifacts/format/manifest.ts";
import { censusOpener } from "./census-family.ts";
import { demOpener } from "./dem-dataset.ts";
import { encOpener } from "./enc-charts.ts";
import type { DataRegistry } from "./registry.ts";
import { timezoneOpener } from "./timezone-family.ts";
import { crsOpener, datumGridsOpener } from "./transform-families.ts";

/** One per family: opens a checked version folder read-only and returns what its routes read. */
export interface FamilyOpener<T> {
  family: string;
  /** Format major this opener reads; a manifest with another major is refused. */
  formatMajor?: number;
  /** Called with the version folder after the manifest and every output hash checked out. */
  open(versionDir: string, manifest: ArtifactManifest): Promise<T>;
  /** Releases what `open` holds (file handles), once no request reads this version any more. */
  close?(value: T): unknown;
}

/** THE list of openers the service uses; add one line per family. */
export const FAMILY_OPENERS: readonly FamilyOpener<unknown>[] = [
  timezoneOpener,
  crsOpener,
  datumGridsOpener,
  encOpener,
  censusOpener,
  demOpener,
];

export interface OpenedFamily {
  family: string;
  state: "ready" | "unavailable";
  version?: string;
  reason?: string;
}

/** The family's current version, checked and opened, with its closer; throws when it does not check out. */
export async function loadFamily(
  artifactsDir: string,
  opener: FamilyOpener<unknown>,
  onVersion: (version: string) => void = () => {},
): Promise<{ version: string; value: unknown; close?: () => unknown }> {
  const current = await resolveCurrent(artifactsDir, opener.family);
  onVersion(current.version);
  const manifest = await readManifest(current.dir);
  if (manifest.family !== opener.family || manifest.version !== current.version) {
    throw new Error(
      `manifest describes ${manifest.family} ${manifest.version}, expected ${opener.family} ${current.version}`,
    );
  }
  if (opener.formatMajor !== undefined && formatMajor(manifest.formatVersion) !== opener.formatMajor) {
    throw new Error(
      `format ${manifest.formatVersion} is not readable by this service (reads ${opener.formatMajor}.x)`,
    );
  }
  await verifyOutputs(current.dir, manifest);
  const value = await opener.open(current.dir, manifest);
  const close = opener.close?.bind(opener);
  return { version: current.version, value, ...(close ? { close: () => close(value) } : {}) };
}

/** Opens one family into the registry; never throws (failures are recorded with their reason). */
export async function openFamily(
  artifactsDir: string,
  opener: FamilyOpener<unknown>,
  registry: DataRegistry,
): Promise<OpenedFamily> {
  let version: string | undefined;
  try {
    const loaded = await loadFamily(artifactsDir, opener, (v) => {
      version = v;
    });
    registry.set(opener.family, loaded.version, loaded.value, loaded.close);
    return { family: opener.family, state: "ready", version: loaded.version };
  } catch (err) {
    const reason = (err as Error).message;
    registry.fail(opener.family, reason);
    return { family: opener.family, state: "unavailable", ...(version ? { version } : {}), reason };
  }
}

/** Opens every family (in parallel) and reports the state of each, in opener order. */
export async function openFamilies(
  artifactsDir: string,
  registry: DataRegistry,
  openers: readonly FamilyOpener<unknown>[] = FAMILY_OPENERS,
): Promise<OpenedFamily[]> {
  return Promise.all(openers.map((o) => openFamily(artifactsDir, o, registry)));
}
