// Writes the scale run's synthetic inputs into `<scaleDir>/mirror/SYNTHETIC-*` in the publishers'
// formats, from the real files of ../shared/data (GDAL from Debian for the rasters), and links the
// real mirror's folders beside them, so the ingest reads one mirror. Returns the source entries of
// the generated files: their URL is the upstream file they stand for, their vintage and licence say
// SYNTHETIC. Files already there are reused (they depend only on their name).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fromArrayBuffer } from "geotiff";
import { hashFile } from "../../artifacts/format/file-hash.ts";
import { encCatalogSourceId, encCellSourceId, encCellUrl } from "../../ingest/enc/sources.ts";
import { gridSourceId } from "../../ingest/nadcon/sources.ts";
import type { SourceEntry } from "../../ingest/sources.ts";
import { deriveCell } from "./enc-derive.ts";
import { SCALE_GRIDS, type ScaleBlock, type ScaleCell } from "./scale-plan.ts";

const SYNTHETIC = "SYNTHETIC (geo402 scale run, test/scale/): not data, never served";
const TODAY = "2026-11-27";
const REAL_FOLDERS = ["census", "dem", "enc", "nadcon"];

export interface GeneratedInputs {
  mirror: string;
  sources: SourceEntry[];
}

async function entry(
  mirror: string,
  id: string,
  url: string,
  mirrorPath: string,
  made: string,
): Promise<SourceEntry> {
  const { sha256, bytes } = await hashFile(path.join(mirror, mirrorPath));
  return {
    id,
    url,
    sha256,
    bytes,
    vintage: `${SYNTHETIC}; ${made}`,
    license: SYNTHETIC,
    attribution: SYNTHETIC,
    mirrorPath,
    mirroredAt: TODAY,
  };
}

const gdal = (tool: string, args: string[]): void => {
  execFileSync(tool, ["-q", ...args], { stdio: ["ignore", "ignore", "inherit"] });
};

/** The block the template is: n60w151. */
const TEMPLATE_CORNER = { west: -151, north: 60 };

/** The 3DEP layout (1812² Float32, NoData -999999, NAD83, 6-pixel overlap) of block n60w151 from the real 3″ tile, described as SYNTHETIC. */
function demTemplate(dir: string, shared: string): string {
  const out = path.join(dir, "template-3dep-n60w151.tif");
  if (existsSync(out)) return out;
  const o = 6 / 1800;
  gdal("gdalwarp", [
    ...["-s_srs", "EPSG:4326", "-t_srs", "EPSG:4269", "-r", "bilinear", "-ot", "Float32"],
    ...["-srcnodata", "-32768", "-dstnodata", "-999999", "-tr", String(1 / 1800), String(1 / 1800)],
    ...["-te", String(-151 - o), String(59 - o), String(-150 + o), String(60 + o)],
    ...["-co", "COMPRESS=DEFLATE", "-co", "PREDICTOR=3", "-co", "TILED=YES"],
    ...["-of", "GTiff", path.join(shared, "dem/viewfinderpanoramas-N59W151/N59W151.hgt")],
    `${out}.part`,
  ]);
  execFileSync("gdal_edit.py", ["-mo", `TIFFTAG_IMAGEDESCRIPTION=${SYNTHETIC}`, `${out}.part`]);
  renameSync(`${out}.part`, out);
  return out;
}

/**
 * The template moved to a block: the same bytes with the ModelTiepoint's corner (west, north)
 * replaced in place, so no pixel is decoded or deflated again (gdal_translate -a_ullr did both,
 * and gdal_edit.py starts Python: seconds a block on a loaded machine, 521 times).
 */
async function movedTemplate(template: Uint8Array, dLon: number, dLat: number): Promise<Uint8Array> {
  const image = await (await fromArrayBuffer(template.slice().buffer)).getImage(0);
  const tie = [...((await image.fileDirectory.loadValue("ModelTiepoint")) ?? [])].map(Number);
  if (tie.length !== 6) throw new Error("the 3DEP template has no ModelTiepoint");
  const encode = (v: number[]) => Buffer.from(Float64Array.from(v).buffer);
  const bytes = Buffer.from(template);
  // gdal_edit.py (the description) rewrote the directory at the end of the file: the old copy
  // stays, unreferenced. Every copy is moved.
  // Moved by the offset, not set to the corner: the template is pixel-is-point (from the .hgt).
  const moved = encode([
    tie[0],
    tie[1],
    tie[2],
    (tie[3] as number) + dLon,
    (tie[4] as number) + dLat,
    tie[5],
  ] as number[]);
  let copies = 0;
  for (let at = bytes.indexOf(encode(tie)); at >= 0; at = bytes.indexOf(encode(tie), at + 1), copies++)
    moved.copy(bytes, at);
  if (copies === 0) throw new Error("the 3DEP template's ModelTiepoint is not found");
  return bytes;
}

export async function generateInputs(
  scaleDir: string,
  shared: string,
  blocks: readonly ScaleBlock[],
  cells: readonly ScaleCell[],
  log: (m: string) => void,
): Promise<GeneratedInputs> {
  const mirror = path.join(scaleDir, "mirror");
  mkdirSync(mirror, { recursive: true });
  for (const f of REAL_FOLDERS)
    if (!existsSync(path.join(mirror, f))) symlinkSync(path.join(shared, f), path.join(mirror, f));
  const sources: SourceEntry[] = [];

  const demDir = "SYNTHETIC-usgs-3dep-2";
  mkdirSync(path.join(mirror, demDir), { recursive: true });
  const templateBytes = readFileSync(demTemplate(scaleDir, shared));
  for (const [i, b] of blocks.entries()) {
    const rel = `${demDir}/${b.fileName}`;
    if (!existsSync(path.join(mirror, rel))) {
      writeFileSync(
        `${path.join(mirror, rel)}.part`,
        await movedTemplate(templateBytes, b.west - TEMPLATE_CORNER.west, b.north - TEMPLATE_CORNER.north),
      );
      renameSync(`${path.join(mirror, rel)}.part`, path.join(mirror, rel));
    }
    const url = `https://prd-tnm.s3.amazonaws.com/StagedProducts/Elevation/2/TIFF/historical/${b.name}/${b.fileName}`;
    sources.push(
      await entry(
        mirror,
        `scale-3dep-${b.name}`,
        url,
        rel,
        "the 3″ tile N59W151 resampled to 2″ and moved here",
      ),
    );
    if ((i + 1) % 25 === 0 || i + 1 === blocks.length) log(`3DEP blocks ${i + 1}/${blocks.length}`);
  }

  for (const c of cells) {
    const root = `SYNTHETIC-enc/${c.name}_ENC_ROOT`;
    const cellRel = `${root}/${c.name}/${c.name}.000`;
    const catalogRel = `${root}/CATALOG.031`;
    if (!existsSync(path.join(mirror, cellRel))) {
      const real = path.join(shared, "enc", `${c.source}_ENC_ROOT`);
      const d = deriveCell(
        readFileSync(path.join(real, c.source, `${c.source}.000`)),
        readFileSync(path.join(real, "CATALOG.031")),
        c.source,
        c.name,
        c.dLon,
        c.dLat,
      );
      mkdirSync(path.join(mirror, root, c.name), { recursive: true });
      writeFileSync(path.join(mirror, cellRel), d.cell);
      writeFileSync(path.join(mirror, catalogRel), d.catalog);
    }
    const made = `${c.source} moved by ${c.dLon}°, ${c.dLat}° (${c.area})`;
    sources.push(await entry(mirror, encCellSourceId(c.name), encCellUrl(c.name), cellRel, made));
    sources.push(await entry(mirror, encCatalogSourceId(c.name), encCellUrl(c.name), catalogRel, made));
  }
  log(`ENC cells derived: ${cells.length}`);

  const harn = path.join(shared, "nadcon/us_noaa_nadcon5_nad83_1986_nad83_harn_conus.tif");
  mkdirSync(path.join(mirror, "SYNTHETIC-nadcon"), { recursive: true });
  for (const g of SCALE_GRIDS) {
    const rel = `SYNTHETIC-nadcon/${g.file}`;
    if (!existsSync(path.join(mirror, rel))) {
      const h = g.spacing / 2;
      gdal("gdal_translate", [
        ...["-r", "bilinear", "-tr", String(g.spacing), String(g.spacing)],
        ...["-projwin", String(-125 - h), String(50 + h), String(-66 + h), String(24 - h)],
        ...["-mo", `TIFFTAG_IMAGEDESCRIPTION=${SYNTHETIC}: ${g.sourceCrs} to EPSG:${g.targetEpsg}`],
        ...["-mo", `target_crs_epsg_code=${g.targetEpsg}`],
        ...["-co", "COMPRESS=DEFLATE", "-co", "PREDICTOR=3", "-co", "TILED=YES"],
        harn,
        path.join(mirror, rel),
      ]);
      // gdal_translate's resampling drops the bands' unit; NADCON5 offsets are arc-seconds.
      execFileSync("gdal_edit.py", ["-units", "arc-second", path.join(mirror, rel)], { stdio: "inherit" });
    }
    const made = `the NAD83(1986) → HARN CONUS grid resampled to ${(g.spacing * 60).toFixed(1)}′ nodes`;
    sources.push(await entry(mirror, gridSourceId(g.file), `https://cdn.proj.org/${g.file}`, rel, made));
  }
  log(`CONUS grids: ${SCALE_GRIDS.length}`);
  writeFileSync(
    path.join(mirror, "SYNTHETIC.json"),
    `${JSON.stringify({ synthetic: true, note: SYNTHETIC, files: sources.map((s) => s.mirrorPath) }, null, 1)}\n`,
  );
  return { mirror, sources };
}
