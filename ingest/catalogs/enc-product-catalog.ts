// NOAA's ENC product catalog (ENCProdCat_19115.xml: ISO 19115 `gmd` records, one MD_Metadata per
// cell) read as a stream with sax (the file is about 50 MB): each cell's name, title, edition,
// publication date, bounding polygon, zip URL and stated transfer size.
import sax from "sax";

export interface EncCatalogCell {
  cell: string;
  /** Usage band, the third character of the cell name (1 overview … 6 berthing). */
  band: number;
  title: string | null;
  edition: string | null;
  /** YYYY-MM-DD of the citation's first date. */
  issued: string | null;
  /** [west, south, east, north] of the bounding polygon, longitudes in −180…180. */
  bbox: [number, number, number, number];
  url: string | null;
  /** The catalog's `transferSize` (MB, rounded by NOAA): not an exact byte count. */
  transferMegabytes: number | null;
}

const CELL_FILE = /^(US([1-6])[A-Z0-9]{5,6})_19115\.xml$/;

interface Draft {
  cell?: string;
  title?: string;
  edition?: string;
  issued?: string;
  lats: number[];
  lons: number[];
  url?: string;
  megabytes?: number;
}

const wrap = (lon: number): number => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);

/** Parses the catalog text; records that name no ENC cell (the series' own metadata) are skipped. */
export function readEncProductCatalog(xml: string): EncCatalogCell[] {
  const parser = sax.parser(true, { trim: true });
  const stack: string[] = [];
  const cells: EncCatalogCell[] = [];
  let draft: Draft | undefined;
  const within = (name: string): boolean => stack.includes(name);
  parser.onopentag = (tag) => {
    const name = tag.name.replace(/^.*:/, "");
    stack.push(name);
    if (name === "MD_Metadata") draft = { lats: [], lons: [] };
  };
  parser.onclosetag = () => {
    const name = stack.pop();
    if (name !== "MD_Metadata" || !draft) return;
    const m = draft.cell ? CELL_FILE.exec(draft.cell) : null;
    if (m && draft.lats.length > 0) {
      cells.push({
        cell: m[1]!,
        band: Number(m[2]),
        title: draft.title ?? null,
        edition: draft.edition ?? null,
        issued: draft.issued ?? null,
        bbox: [
          Math.min(...draft.lons),
          Math.min(...draft.lats),
          Math.max(...draft.lons),
          Math.max(...draft.lats),
        ],
        url: draft.url ?? null,
        transferMegabytes: draft.megabytes ?? null,
      });
    }
    draft = undefined;
  };
  parser.ontext = (text) => {
    if (!draft) return;
    const top = stack[stack.length - 1];
    const parent = stack[stack.length - 2];
    if (top === "CharacterString" && parent === "fileIdentifier") draft.cell = text;
    else if (top === "CharacterString" && parent === "title" && within("citation")) draft.title ??= text;
    else if (top === "CharacterString" && parent === "edition") draft.edition ??= text;
    else if ((top === "Date" || top === "DateTime") && within("CI_Date")) draft.issued ??= text.slice(0, 10);
    else if (top === "URL" && within("linkage") && /\.zip$/i.test(text)) draft.url ??= text;
    else if (top === "Real" && parent === "transferSize") draft.megabytes = Number(text);
    else if (top === "pos" || top === "posList") {
      const v = text.split(/\s+/).map(Number);
      for (let i = 0; i + 1 < v.length; i += 2) {
        draft.lats.push(v[i]!);
        draft.lons.push(wrap(v[i + 1]!));
      }
    }
  };
  parser.write(xml).close();
  return cells;
}
