// Lists and hashes the files a builder wrote, in a stable order, for the manifest.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { hashFile } from "../../artifacts/format/file-hash.ts";
import { MANIFEST_FILE, type ManifestOutput } from "../../artifacts/format/manifest.ts";

async function walk(dir: string, prefix: string, out: string[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(path.join(dir, entry.name), rel, out);
    else if (entry.isFile()) out.push(rel);
    else throw new Error(`${rel}: builders may write only regular files and folders`);
  }
}

/** Every file under `dir` except manifest.json, sorted by path, with sha256 and size. */
export async function hashOutputs(dir: string): Promise<ManifestOutput[]> {
  const files: string[] = [];
  await walk(dir, "", files);
  files.sort();
  const outputs: ManifestOutput[] = [];
  for (const rel of files) {
    if (rel === MANIFEST_FILE)
      throw new Error(`builders must not write ${MANIFEST_FILE}; the pipeline writes it`);
    outputs.push({ path: rel, ...(await hashFile(path.join(dir, ...rel.split("/")))) });
  }
  if (outputs.length === 0) throw new Error("the builder wrote no output files");
  return outputs;
}

/** Paths whose hash differs between two output lists (or that only one of them has). */
export function diffOutputs(a: readonly ManifestOutput[], b: readonly ManifestOutput[]): string[] {
  const bm = new Map(b.map((o) => [o.path, o]));
  const diff: string[] = [];
  for (const o of a) {
    const other = bm.get(o.path);
    if (!other || other.sha256 !== o.sha256 || other.bytes !== o.bytes) diff.push(o.path);
    bm.delete(o.path);
  }
  diff.push(...bm.keys());
  return diff.sort();
}
