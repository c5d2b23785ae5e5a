// DEM: every Alaska 2″ 3DEP block of USGS's file list (one URL a line, `USGS_2_<n..w...>_<YYYYMMDD>.tif`);
// when a block is listed in several editions, the newest.
import type { PlannedFile, Resolver } from "./plan-types.ts";

const BLOCK = /\/USGS_2_([ns]\d{2}[ew]\d{3})_(\d{8})\.tif$/;

export const demResolver: Resolver = {
  family: "dem",
  catalog: {
    url: null,
    mirrorPath: "dem/3dep-inventory/3dep-2asec-alaska-files.txt",
    note: "USGS's list of the Alaska 2 arc-second 3DEP files (The National Map staged products); read from the mirror",
  },
  rule: "every 1°×1° block of USGS 3DEP 2 arc-second over Alaska, newest edition of each",
  select(text) {
    if (text === null) throw new Error("the dem resolver needs USGS's 3DEP file list");
    const newest = new Map<string, PlannedFile>();
    for (const line of text.split(/\r?\n/)) {
      const url = line.trim();
      const m = BLOCK.exec(url);
      if (!m) continue;
      const [, block, date] = m as unknown as [string, string, string];
      const prior = newest.get(block);
      if (prior && String(prior.detail.published) >= date) continue;
      newest.set(block, {
        name: block,
        url,
        bytes: null,
        sha256: null,
        mirrorPath: `dem/usgs-3dep-2/${url.split("/").pop()}`,
        detail: { published: date },
      });
    }
    return [...newest.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  },
};
