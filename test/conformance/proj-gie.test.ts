// PROJ's own conformance cases (GIGS 51xx and builtins.gie, plus the webmerc cases of
// 4D-API_cs2cs-style.gie) run through the service's projection code, for the methods the
// service computes. EPSG codes named by `+init=epsg:N` are resolved through proj.db with the
// same extraction the crs family uses.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { projectedDefinition } from "../../ingest/epsg/crs-extract.ts";
import { type EpsgTables, loadEpsgTables } from "../../ingest/epsg/epsg-tables.ts";
import { openProjDb } from "../../ingest/epsg/proj-db.ts";
import { type EpsgResolution, evaluateGieCase, type GieOutcome } from "./gie-projection.ts";
import { type GieCase, readGie } from "./gie-reader.ts";
import { PROJ_DB, PROJ_SUITE } from "./shared-data.ts";

let tables: EpsgTables;

function resolve(code: number): EpsgResolution {
  if (tables.geodetic.has(code)) return { kind: "geographic" };
  try {
    const d = projectedDefinition(tables, code);
    if (!d.primeMeridianGreenwich) return { kind: "unsupported", reason: "prime meridian is not Greenwich" };
    return { kind: "projected", def: d.projection, unitToMeter: d.unitToMeter };
  } catch (e) {
    return { kind: "unsupported", reason: (e as Error).message };
  }
}

function run(file: string): { line: number; case: GieCase; outcome: GieOutcome }[] {
  return readGie(file).map((c) => ({ line: c.line, case: c, outcome: evaluateGieCase(c, resolve) }));
}

const count = (rs: { outcome: GieOutcome }[], status: GieOutcome["status"]) =>
  rs.filter((r) => r.outcome.status === status).length;

beforeAll(async () => {
  const db = await openProjDb(PROJ_DB);
  tables = loadEpsgTables(db);
  db.close();
});

describe("GIGS 51xx conversion tests, methods the service computes", () => {
  // file → number of accept/expect cases that must run and pass (the others use other methods).
  const expected: Record<string, number> = {
    "5101.1-jhs.gie": 118, // TM (etmerc), forward, inverse, round trips
    "5101.2-jhs.gie": 46, // WGS 84 / UTM zone 31N
    "5101.3-jhs.gie": 46, // GDA94 / MGA zone 54
    "5101.4-jhs-etmerc.gie": 46, // TM with lat_0 = -90
    "5102.1.gie": 38, // LCC 1SP
    "5103.1.gie": 40, // LCC 2SP (Belgian Lambert 72 as EPSG now defines it)
    "5103.2.gie": 20, // LCC 2SP, NAD83(HARN) / Utah North (ft)
    "5103.3.gie": 20, // LCC 2SP, NAD83(NSRS2007) / Utah North (ftUS)
    "5105.2.gie": 24, // Hotine variant B (EOV, alpha = 90°)
    "5106.gie": 46, // Hotine variant A
  };
  for (const [file, n] of Object.entries(expected)) {
    it(`${file}: all ${n} cases within the case tolerance`, () => {
      const rs = run(path.join(PROJ_SUITE, "gigs", file));
      expect(rs.filter((r) => r.outcome.status === "fail")).toEqual([]);
      expect(count(rs, "pass")).toBe(n);
    });
  }

  it("files with only other methods are skipped, never half-run", () => {
    const others = fs
      .readdirSync(path.join(PROJ_SUITE, "gigs"))
      .filter((f) => f.endsWith(".gie") && !(f in expected));
    for (const f of others) expect(count(run(path.join(PROJ_SUITE, "gigs", f)), "pass")).toBe(0);
  });
});

describe("builtins.gie, ellipsoidal tmerc/etmerc/utm, lcc, omerc (alpha/gamma), ortho", () => {
  it("passes every case of those methods except PROJ's non-converging limb inverse", () => {
    const rs = run(path.join(PROJ_SUITE, "gie/builtins.gie"));
    const failures = rs.filter((r) => r.outcome.status === "fail");
    // builtins.gie:5699: an inverse exactly on the orthographic limb, where PROJ's iteration gives
    // up ("fails to converge"); the closed-form inverse here answers (lon 0, lat -60).
    expect(failures.map((r) => r.line)).toEqual([5699]);
    expect(count(rs, "pass")).toBe(115);
  });

  it("agrees to 1e-8 m on the nanometre-tolerance TM cases (incl. 3900 km from the central meridian)", () => {
    const fine = run(path.join(PROJ_SUITE, "gie/builtins.gie")).filter(
      (r) => r.case.toleranceMeters < 1e-7 && r.case.direction === "forward" && r.outcome.status === "pass",
    );
    expect(fine.length).toBe(12);
    for (const r of fine) expect(r.outcome.diffMeters).toBeLessThanOrEqual(1e-8);
  });
});

describe("Web Mercator (4D-API_cs2cs-style.gie)", () => {
  it("passes the webmerc cases", () => {
    const rs = run(path.join(PROJ_SUITE, "gie/4D-API_cs2cs-style.gie"));
    expect(rs.filter((r) => r.outcome.status === "fail")).toEqual([]);
    expect(count(rs, "pass")).toBe(2);
  });
});
