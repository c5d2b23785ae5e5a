// The versions a family folder keeps and the order they were current in: what `build` and
// `refresh` prune and what `rollback` steps back through. `<family>/history.json` lists versions
// in the order they became current (oldest first); a rollback removes the version it leaves, so
// repeated rollbacks walk further back. Versions the history does not name (older layouts) rank
// after it, newest build first.
import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { VERSION_PATTERN } from "../../artifacts/format/current-pointer.ts";
import { readManifest } from "../../artifacts/format/manifest.ts";

export const HISTORY_FILE = "history.json";

/** Earlier versions kept besides `current` when nothing else is configured. */
export const DEFAULT_KEEP = 2;

export interface KeptVersion {
  version: string;
  dir: string;
}

/** The versions that were current, oldest first; undefined when the family has no history file. */
export async function readHistory(familyDir: string): Promise<string[] | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(familyDir, HISTORY_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const list: unknown = JSON.parse(text);
  if (!Array.isArray(list) || !list.every((v) => typeof v === "string" && VERSION_PATTERN.test(v)))
    throw new Error(`${path.join(familyDir, HISTORY_FILE)} is not a list of versions`);
  return list as string[];
}

export async function writeHistory(familyDir: string, list: readonly string[]): Promise<void> {
  const file = path.join(familyDir, HISTORY_FILE);
  const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, `${JSON.stringify(list)}\n`);
  await rename(tmp, file);
}

/** Records that `to` became current after `from`. */
export async function recordSwitch(familyDir: string, from: string | undefined, to: string): Promise<void> {
  const list = (await readHistory(familyDir)) ?? [];
  if (from && from !== to && !list.includes(from)) list.push(from);
  await writeHistory(familyDir, [...list.filter((v) => v !== to), to]);
}

/** Versions on disk, most recently current first (see the header comment). */
export async function keptVersions(familyDir: string): Promise<KeptVersion[]> {
  const names = (await readdir(familyDir).catch(() => [] as string[])).filter((n) => VERSION_PATTERN.test(n));
  const history = ((await readHistory(familyDir)) ?? []).filter((v) => names.includes(v)).reverse();
  const rest = await Promise.all(
    names
      .filter((n) => !history.includes(n))
      .map(async (version) => {
        const dir = path.join(familyDir, version);
        const builtAt = await readManifest(dir).then(
          (m) => Date.parse(m.builtAt),
          async () => (await stat(dir)).mtimeMs,
        );
        return { version, builtAt };
      }),
  );
  rest.sort((a, b) => b.builtAt - a.builtAt);
  return [...history, ...rest.map((r) => r.version)].map((version) => ({
    version,
    dir: path.join(familyDir, version),
  }));
}

/** Removes all but `current` and the `keep` most recently current other versions. */
export async function pruneVersions(
  familyDir: string,
  current: string,
  keep: number,
  log: (m: string) => void,
): Promise<void> {
  const others = (await keptVersions(familyDir)).filter((v) => v.version !== current);
  const pruned = others.slice(Math.max(0, keep));
  for (const v of pruned) {
    log(`pruning old version ${v.version}`);
    await rm(v.dir, { recursive: true, force: true });
  }
  const history = await readHistory(familyDir);
  if (history && pruned.length > 0)
    await writeHistory(
      familyDir,
      history.filter((h) => !pruned.some((p) => p.version === h)),
    );
}
