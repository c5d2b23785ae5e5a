// Files for a stand-in upstream in refresh tests: writable copies of real (read-only) shared
// files, and a "new release" of a SQLite file that differs in bytes only.
import { chmod, copyFile, readFile, rm, writeFile } from "node:fs/promises";
import initSqlJs from "sql.js";

/** Replaces `dest` with a writable copy of `src`. */
export async function place(src: string, dest: string): Promise<void> {
  await rm(dest, { force: true });
  await copyFile(src, dest);
  await chmod(dest, 0o644);
}

/** `src` rewritten by SQLite VACUUM: other bytes, the same database content. */
export async function vacuum(src: string, dest: string): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(await readFile(src));
  db.exec("VACUUM");
  await writeFile(dest, db.export());
  db.close();
}
