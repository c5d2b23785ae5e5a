// The catalog resolvers on the publishers' indexes: NOAA's ENC product catalog (a fixture written
// in its schema, test/fixtures/catalogs/README.md), USGS's 3DEP Alaska 2″ list and PROJ-data's
// files.geojson (real copies in ../shared/data), and the committed lock against a fresh resolution
// (offline, as here: NOAA's catalog is not read, so the lock names only the real cells it pins).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SHARED } from "../../test/conformance/shared-data.ts";
import { runCli } from "../cli-commands.ts";
import { DEM_SOURCES } from "../dem/sources.ts";
import { ENC_CELLS, ENC_SOURCES } from "../enc/sources.ts";
import { NADCON_SOURCES } from "../nadcon/sources.ts";
import { readEncProductCatalog } from "./enc-product-catalog.ts";
import { lockCoverage } from "./lock-coverage.ts";
import { LOCK_FILE, lockText, readLock } from "./lock-file.ts";
import { RESOLVERS, resolvePlan } from "./plan.ts";
import { datumGridsResolver } from "./resolve-datum-grids.ts";
import { demResolver } from "./resolve-dem.ts";
import { encResolver } from "./resolve-enc.ts";
import { ENC_AREAS, ENC_SPEC_CELLS } from "./spec-coverage.ts";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CATALOGS = path.join(repo, "test/fixtures/catalogs");
const MIRROR = path.join(SHARED, "data");
const text = (p: string) => readFile(p, "utf8");

describe("NOAA ENC product catalog", () => {
  it("reads every cell record of the ISO 19115 catalog, skipping the series' own metadata", async () => {
    const cells = readEncProductCatalog(await text(path.join(CATALOGS, "enc/ENCProdCat_19115.xml")));
    expect(cells).toHaveLength(70);
    expect(cells.find((c) => c.cell === "US5AK5QF")).toEqual({
      cell: "US5AK5QF",
      band: 5,
      title: "HOMER SPIT WEST",
      edition: "1",
      issued: "2024-10-03",
      bbox: [-151.95, 59.4, -151.8, 59.475],
      url: "https://charts.noaa.gov/ENCs/US5AK5QF.zip",
      transferMegabytes: 0.09,
    });
  });

  it("selects the spec's 65 cells of bands 3–5 over the five areas, and nothing else", async () => {
    const files = encResolver.select(await text(path.join(CATALOGS, "enc/ENCProdCat_19115.xml")));
    expect(files).toHaveLength(ENC_SPEC_CELLS);
    expect(new Set(files.map((f) => f.detail.area))).toEqual(new Set(ENC_AREAS.map((a) => a.name)));
    expect(new Set(files.map((f) => f.detail.band))).toEqual(new Set([3, 4, 5]));
    for (const outside of ["US1AK90M", "US2AK5FM", "US6AK5QG", "US5AK9AM", "US5WA50M"])
      expect(files.map((f) => f.name)).not.toContain(outside);
  });
});

describe("USGS 3DEP and PROJ-data indexes (real copies)", () => {
  it("lists every Alaska 2″ block once, the newest edition of a block listed twice", async () => {
    const list = await text(path.join(MIRROR, "dem/3dep-inventory/3dep-2asec-alaska-files.txt"));
    const blocks = demResolver.select(list);
    expect(blocks).toHaveLength(521);
    const base = "https://prd-tnm.s3.amazonaws.com/StagedProducts/Elevation/2/TIFF";
    const twice = demResolver.select(
      `${base}/historical/n61w150/USGS_2_n61w150_20170505.tif\n${base}/current/n61w150/USGS_2_n61w150_20240101.tif\n`,
    );
    expect(twice.map((b) => [b.name, b.detail.published])).toEqual([["n61w150", "20240101"]]);
  });

  it("selects every NADCON5 grid between NAD27 and NAD83 realizations, CONUS HARN → 2011 included", async () => {
    const grids = datumGridsResolver.select(await text(path.join(MIRROR, "nadcon/files.geojson")));
    const names = grids.map((g) => g.name);
    expect(names).toHaveLength(20);
    for (const conus of [
      "us_noaa_nadcon5_nad83_harn_nad83_fbn_conus.tif",
      "us_noaa_nadcon5_nad83_fbn_nad83_2007_conus.tif",
      "us_noaa_nadcon5_nad83_2007_nad83_2011_conus.tif",
    ])
      expect(names).toContain(conus);
    expect(names).not.toContain("us_noaa_nadcon5_ohd_nad83_1986_hawaii.tif");
    expect(grids.every((g) => g.sha256?.length === 64 && typeof g.bytes === "number")).toBe(true);
  });
});

describe("plan and lock", () => {
  const opts = { catalogs: CATALOGS, mirror: MIRROR, cacheDir: path.join(repo, "artifacts/.cache/catalogs") };
  /** This machine's network: no publisher can be reached. */
  const offline = (() => Promise.reject(new Error("fetch failed"))) as unknown as typeof fetch;

  it("marks which files the mirror holds (by size and sha256 where the catalog gives them)", async () => {
    const held = async (family: string) => {
      const r = RESOLVERS.find((x) => x.family === family)!;
      return (await resolvePlan(r, opts)).files.filter((f) => f.held).length;
    };
    expect(await held("enc")).toBe(11);
    expect(await held("datum-grids")).toBe(17);
    expect(await held("dem")).toBe(0);
    expect(await held("census")).toBe(0);
  });

  it("`plan enc --json` lists the 65 cells, each marked held or not", async () => {
    const lines: string[] = [];
    const io = { write: (s: string) => lines.push(s) };
    const code = await runCli(["plan", "enc", "--json", "--catalogs", CATALOGS, "--mirror", MIRROR], {
      env: {},
      cwd: repo,
      stdout: io,
      stderr: io,
    });
    expect(code).toBe(0);
    const [plan] = (JSON.parse(lines.join("")) as { families: { files: { held: boolean }[] }[] }).families;
    expect(plan!.files).toHaveLength(65);
    expect(plan!.files.filter((f) => f.held)).toHaveLength(11);
  });

  it("the committed ingest/sources.lock.json is what `lock` writes from the mirror with no network", async () => {
    const plans = [];
    for (const r of RESOLVERS) {
      const { files, ...rest } = await resolvePlan(r, {
        mirror: MIRROR,
        cacheDir: opts.cacheDir,
        fetch: offline,
      });
      plans.push({ ...rest, files: files.map(({ held: _held, ...f }) => f) });
    }
    expect(await text(LOCK_FILE)).toBe(lockText(plans));
  });

  it("`lock --catalogs` is refused: a fixture must not become the coverage the service states", async () => {
    const lines: string[] = [];
    const io = { write: (s: string) => lines.push(s) };
    const code = await runCli(["lock", "--catalogs", CATALOGS], {
      env: {},
      cwd: repo,
      stdout: io,
      stderr: io,
    });
    expect(code).not.toBe(0);
    expect(lines.join("")).toContain("--catalogs");
  });

  it("without NOAA's catalog the lock names only the real cells it pins and counts the spec's others", async () => {
    const plan = await resolvePlan(encResolver, { mirror: MIRROR, cacheDir: opts.cacheDir, fetch: offline });
    expect(plan.catalog.origin).toBeNull();
    expect(plan.catalog.note).toContain("cannot be fetched");
    expect(plan.specified).toBe(ENC_SPEC_CELLS);
    expect(plan.files.map((f) => f.name)).toEqual([...ENC_CELLS].sort());
    expect(plan.files.every((f) => f.held)).toBe(true);
    const c = lockCoverage(await readLock(), "enc", ENC_SOURCES)!;
    expect([c.specified, c.unnamed, c.served.length, c.missing, c.otherInputs]).toEqual([65, 54, 11, [], []]);
  });
});

describe("partial coverage against the committed lock", () => {
  it("datum-grids serves 17 of 20 locked grids; the CONUS HARN → 2011 chain is missing", async () => {
    const c = lockCoverage(await readLock(), "datum-grids", NADCON_SOURCES)!;
    expect([c.specified, c.served.length, c.otherInputs]).toEqual([20, 17, []]);
    expect(c.missing).toEqual([
      "us_noaa_nadcon5_nad83_2007_nad83_2011_conus.tif",
      "us_noaa_nadcon5_nad83_fbn_nad83_2007_conus.tif",
      "us_noaa_nadcon5_nad83_harn_nad83_fbn_conus.tif",
    ]);
  });

  it("dem serves none of the 521 locked 3DEP blocks and names the inputs it answers from instead", async () => {
    const c = lockCoverage(await readLock(), "dem", DEM_SOURCES)!;
    expect([c.specified, c.served.length, c.missing.length]).toEqual([521, 0, 521]);
    expect(c.otherInputs).toEqual(DEM_SOURCES.map((s) => s.id));
  });

  it("a family the lock does not name states nothing", async () => {
    expect(lockCoverage(await readLock(), "timezone", [])).toBeUndefined();
  });
});
