// Resolves families against their publishers' catalogs: finds each catalog (a catalogs folder
// laid out like the mirror, then the mirror, then a download of the catalog's URL), runs the
// family's resolver, and says which selected files the mirror holds.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { hashFile } from "../../artifacts/format/file-hash.ts";
import type { CatalogRef, FamilyPlan, PlannedFile, Resolver } from "./plan-types.ts";
import { censusResolver } from "./resolve-census.ts";
import { datumGridsResolver } from "./resolve-datum-grids.ts";
import { demResolver } from "./resolve-dem.ts";
import { encResolver } from "./resolve-enc.ts";

/** Families with a catalog resolver, in build order. */
export const RESOLVERS: readonly Resolver[] = [datumGridsResolver, encResolver, censusResolver, demResolver];

export interface PlanOptions {
  /** Folder laid out like the mirror that holds catalogs the mirror lacks (`--catalogs`). */
  catalogs?: string;
  mirror?: string;
  /** Where downloaded catalogs are kept. */
  cacheDir: string;
  fetch?: typeof fetch;
}

export interface HeldFile extends PlannedFile {
  /** True when the mirror holds this file (with the catalog's size and sha256, where it gives them). */
  held: boolean;
}

export interface ResolvedPlan extends Omit<FamilyPlan, "files"> {
  files: HeldFile[];
}

export function resolverOf(family: string): Resolver {
  const r = RESOLVERS.find((x) => x.family === family);
  if (!r)
    throw new Error(
      `no catalog resolver for "${family}" (resolved: ${RESOLVERS.map((x) => x.family).join(", ")}; the others are pinned in ingest/<family>/sources.ts)`,
    );
  return r;
}

async function catalogText(
  r: Resolver,
  opts: PlanOptions,
): Promise<{ text: string | null; ref: CatalogRef }> {
  const { url, mirrorPath } = r.catalog;
  if (url === null && mirrorPath === null)
    return { text: null, ref: { ...r.catalog, sha256: null, bytes: null, origin: null } };
  let bytes: Buffer | undefined;
  let origin: CatalogRef["origin"] = "download";
  for (const [root, from] of [
    [opts.catalogs, "catalogs-folder"],
    [opts.mirror, "mirror"],
  ] as const) {
    const file = root && mirrorPath ? path.join(root, ...mirrorPath.split("/")) : undefined;
    if (file && existsSync(file)) {
      bytes = await readFile(file);
      origin = from;
      break;
    }
  }
  if (!bytes && url) {
    const cached = path.join(opts.cacheDir, path.basename(new URL(url).pathname));
    const res = await (opts.fetch ?? fetch)(url).catch((err: Error) => {
      throw new Error(
        `${r.family}: catalog ${url} cannot be fetched (${err.message}) and no copy is at ${mirrorPath}`,
      );
    });
    if (!res.ok) throw new Error(`${r.family}: catalog ${url}: HTTP ${res.status}`);
    bytes = Buffer.from(await res.arrayBuffer());
    await mkdir(opts.cacheDir, { recursive: true });
    await writeFile(cached, bytes);
  }
  if (!bytes)
    throw new Error(
      `${r.family}: catalog ${mirrorPath} is in neither --catalogs nor the mirror, and has no URL to fetch`,
    );
  const ref = {
    ...r.catalog,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: bytes.length,
    origin,
  };
  return { text: bytes.toString("utf8"), ref };
}

/** True when the mirror holds `f`: the file exists, with the catalog's size and sha256 where given. */
export async function mirrorHolds(f: PlannedFile, mirror: string | undefined): Promise<boolean> {
  if (!mirror) return false;
  const file = path.join(mirror, ...f.mirrorPath.split("/"));
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  if (f.bytes !== null && info.size !== f.bytes) return false;
  return f.sha256 === null || (await hashFile(file)).sha256 === f.sha256;
}

/**
 * The catalog's selection; when the catalog cannot be read and the resolver can say what it knows
 * without it, the files known from the pinned inputs, the spec's count, and why (`catalog.note`).
 */
async function selection(r: Resolver, opts: PlanOptions): Promise<FamilyPlan> {
  let read: Awaited<ReturnType<typeof catalogText>>;
  try {
    read = await catalogText(r, opts);
  } catch (err) {
    if (!r.withoutCatalog) throw err;
    return {
      family: r.family,
      catalog: {
        ...r.catalog,
        sha256: null,
        bytes: null,
        origin: null,
        note: `not read: ${(err as Error).message}`,
      },
      rule: r.rule,
      files: r.withoutCatalog.files(),
      specified: r.withoutCatalog.specified,
    };
  }
  return { family: r.family, catalog: read.ref, rule: r.rule, files: r.select(read.text) };
}

export async function resolvePlan(r: Resolver, opts: PlanOptions): Promise<ResolvedPlan> {
  const plan = await selection(r, opts);
  return {
    ...plan,
    files: await Promise.all(
      plan.files.map(async (f) => ({ ...f, held: await mirrorHolds(f, opts.mirror) })),
    ),
  };
}
