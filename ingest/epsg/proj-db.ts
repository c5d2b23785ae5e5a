// Opens PROJ's proj.db (SQLite) with sql.js and runs parameterised queries as plain row objects.
import fs from "node:fs";
import initSqlJs, { type Database, type SqlValue, type Statement } from "sql.js";

export type Row = Record<string, SqlValue>;

export interface ProjDb {
  all(sql: string, params?: SqlValue[]): Row[];
  close(): void;
}

export async function openProjDb(file: string): Promise<ProjDb> {
  const SQL = await initSqlJs();
  const db: Database = new SQL.Database(fs.readFileSync(file));
  // Statements are prepared once and reused: preparing dominates the cost of these small queries.
  const statements = new Map<string, Statement>();
  return {
    all(sql, params = []) {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        statements.set(sql, stmt);
      }
      // Codes are INTEGER_OR_TEXT columns: bound as text, lookups use the primary-key index.
      stmt.bind(params.map((p) => (typeof p === "number" ? String(p) : p)));
      const rows: Row[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject());
      stmt.reset();
      return rows;
    },
    close: () => {
      for (const s of statements.values()) s.free();
      db.close();
    },
  };
}

/** A column read as a number (throws when it is not one: proj.db columns are typed). */
export function num(row: Row, column: string): number {
  const v = row[column];
  if (typeof v !== "number")
    throw new Error(`proj.db: column ${column} is ${v === null ? "null" : typeof v}, expected a number`);
  return v;
}

export function str(row: Row, column: string): string {
  const v = row[column];
  if (typeof v !== "string")
    throw new Error(`proj.db: column ${column} is ${v === null ? "null" : typeof v}, expected text`);
  return v;
}

export function optNum(row: Row, column: string): number | undefined {
  const v = row[column];
  return typeof v === "number" ? v : undefined;
}

/** `PRAGMA`-free EPSG version of the database, from its metadata table. */
export function epsgVersion(db: ProjDb): string {
  const rows = db.all("SELECT value FROM metadata WHERE key = 'EPSG.VERSION'");
  const v = rows[0]?.value;
  if (typeof v !== "string") throw new Error("proj.db: metadata EPSG.VERSION missing");
  return v;
}
