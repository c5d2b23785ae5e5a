// Opens the artifact families at start-up: for each opener, resolve `<artifactsDir>/<family>/current`,
// check the manifest (schema, family, format major, files) and every output hash, open it, and
// record it in the DataRegistry, or record why it is unavailable. One family failing never stops
// the others: its routes answer 503 data_unavailable, the rest keep serving. The service runs this
// after it listens (runtime.ts): until a family is checked and open it is "verifying" and its
// routes answer the same 503.
//
// The families and what each opens into: an opener per name of artifacts/families.ts, typed by
// FamilyValues, which is what `data.require(name)` returns (no unchecked type argument).

import { checkManifest, FAMILY_NAMES, type FamilyName } from "../../artifacts/families.ts";
import type { CensusLookup } from "../../artifacts/format/census-lookup.ts";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";
import { type ArtifactManifest, readManifest, verifyOutputs } from "../../artifacts/format/manifest.ts";
import type { TimezoneLookup } from "../../artifacts/format/timezone-lookup.ts";
import type { CrsRegistry } from "../geo/transform/crs-registry.ts";
import type { GridStore } from "../geo/transform/grid-store.ts";
import { censusOpener } from "./census-family.ts";
import { type DemDataset, demOpener } from "./dem-dataset.ts";
import { type EncCharts, encOpener } from "./enc-charts.ts";
import type { DataRegistry } from "./registry.ts";
import { timezoneOpener } from "./timezone-family.ts";
import { crsOpener, datumGridsOpener } from "./transform-families.ts";

/** What each family opens into: the type `data.require(family).value` has. */
export interface FamilyValues {
  timezone: TimezoneLookup;
  crs: CrsRegistry;
  "datum-grids": GridStore;
  enc: EncCharts;
  census: CensusLookup;
  dem: DemDataset;
}

/** One per family: opens a checked version folder read-only and returns what its routes read. */
export interface FamilyOpener<T> {
  family: string;
  /** The family's format version (artifacts/families.ts); a manifest of another major is refused. */
  formatVersion: string;
  /** The files a version must list (artifacts/families.ts), when declared. */
  files?: readonly string[];
  /** Called with the version folder after the manifest and every output hash checked out. */
  open(versionDir: string, manifest: ArtifactManifest): Promise<T>;
  /** Releases what `open` holds (file handles), once no request reads this version any more. */
  close?(value: T): unknown;
}

const OPENERS: { readonly [N in FamilyName]: FamilyOpener<FamilyValues[N]> } = {
  timezone: timezoneOpener,
  crs: crsOpener,
  "datum-grids": datumGridsOpener,
  enc: encOpener,
  census: censusOpener,
  dem: demOpener,
};

/** The openers the service uses, in the order of artifacts/families.ts. */
export const FAMILY_OPENERS: readonly FamilyOpener<unknown>[] = FAMILY_NAMES.map((name) => {
  if (OPENERS[name].family !== name)
    throw new Error(`the opener keyed ${name} opens ${OPENERS[name].family}`);
  return OPENERS[name];
});

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
  checkManifest(opener, manifest, current.version);
  await verifyOutputs(current.dir, manifest);
  const value = await opener.open(current.dir, manifest);
  const close = opener.close?.bind(opener);
  return { version: current.version, value, ...(close ? { close: () => close(value) } : {}) };
}

/**
 * Opens one family into the registry; never throws (failures are recorded with their reason).
 * The family is "verifying" in the registry from the call until it is open or failed.
 */
export async function openFamily(
  artifactsDir: string,
  opener: FamilyOpener<unknown>,
  registry: DataRegistry<object>,
): Promise<OpenedFamily> {
  registry.verifying(opener.family);
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
  registry: DataRegistry<object>,
  openers: readonly FamilyOpener<unknown>[] = FAMILY_OPENERS,
): Promise<OpenedFamily[]> {
  return Promise.all(openers.map((o) => openFamily(artifactsDir, o, registry)));
}
