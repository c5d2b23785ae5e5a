// One refresh or rollback of a family at a time, across processes: `<family>/.refresh.lock` holds
// the owner's pid, created exclusively. A lock whose process is gone (killed) is taken over.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isAlive } from "../lib/build.ts";

export const LOCK_FILE = ".refresh.lock";

export type LockResult = { held: true; release(): Promise<void> } | { held: false; owner: number };

export async function lockFamily(familyDir: string): Promise<LockResult> {
  await mkdir(familyDir, { recursive: true });
  const file = path.join(familyDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, `${process.pid}\n`, { flag: "wx" });
      return { held: true, release: () => rm(file, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = Number((await readFile(file, "utf8").catch(() => "")).trim());
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) return { held: false, owner };
    await rm(file, { force: true });
  }
  return { held: false, owner: Number.NaN };
}
