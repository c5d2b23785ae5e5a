// Where tests find the artifacts `make artifacts` built (never built inside a test).
import { cp, mkdtemp, open, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";

export const ARTIFACTS_DIR =
  process.env.GEO402_ARTIFACTS ?? path.resolve(import.meta.dirname, "../../artifacts");

/** The current version of a family, or an error that says how to build it. */
export async function builtFamily(family: string): Promise<{ version: string; dir: string }> {
  try {
    return await resolveCurrent(ARTIFACTS_DIR, family);
  } catch (err) {
    throw new Error(
      `${family} artifacts are not built in ${ARTIFACTS_DIR} (${(err as Error).message}); run \`make artifacts\``,
    );
  }
}

/** A copy of the family's current version in a fresh artifacts root of its own (remove `root` after). */
export async function copyBuiltFamily(
  family: string,
): Promise<{ root: string; version: string; dir: string }> {
  const built = await builtFamily(family);
  const root = await mkdtemp(path.join(tmpdir(), `geo402-${family}-copy-`));
  const dir = path.join(root, family, built.version);
  await cp(built.dir, dir, { recursive: true });
  await symlink(built.version, path.join(root, family, "current"));
  return { root, version: built.version, dir };
}

/** Flips every bit of the byte at `offset` of `file`. */
export async function flipByte(file: string, offset: number): Promise<void> {
  const handle = await open(file, "r+");
  try {
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, offset);
    await handle.write(Buffer.from([byte[0]! ^ 0xff]), 0, 1, offset);
  } finally {
    await handle.close();
  }
}
