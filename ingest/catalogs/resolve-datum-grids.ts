// Datum grids: every NADCON5 grid of PROJ-data's files.geojson between NAD27 and NAD83
// realizations — the chains the transform applies (spec: NAD27, NAD83, HARN, NSRS2007, 2011,
// PA11 over CONUS, Alaska, Hawaii, PR/VI), with the size and sha256 PROJ-data lists.
import type { Resolver } from "./plan-types.ts";

interface ProjFile {
  url?: unknown;
  name?: unknown;
  file_size?: unknown;
  sha256sum?: unknown;
  area_of_use?: unknown;
  source_crs_name?: unknown;
  target_crs_name?: unknown;
}

const nad = (crs: unknown): boolean => typeof crs === "string" && /^NAD(27|83)\b/.test(crs);

export const datumGridsResolver: Resolver = {
  family: "datum-grids",
  catalog: { url: "https://cdn.proj.org/files.geojson", mirrorPath: "nadcon/files.geojson" },
  rule: "every us_noaa_nadcon5_* grid whose source and target are NAD27 or a NAD83 realization",
  select(text) {
    if (text === null) throw new Error("the datum-grids resolver needs PROJ-data's files.geojson");
    const index = JSON.parse(text) as { features?: { properties?: ProjFile }[] };
    return (index.features ?? [])
      .map((f) => f.properties ?? {})
      .filter(
        (p) =>
          typeof p.name === "string" &&
          p.name.startsWith("us_noaa_nadcon5_") &&
          nad(p.source_crs_name) &&
          nad(p.target_crs_name),
      )
      .map((p) => ({
        name: p.name as string,
        url: typeof p.url === "string" ? p.url : `https://cdn.proj.org/${p.name}`,
        bytes: typeof p.file_size === "number" ? p.file_size : null,
        sha256: typeof p.sha256sum === "string" ? p.sha256sum.toLowerCase() : null,
        mirrorPath: `nadcon/${p.name}`,
        detail: {
          area: typeof p.area_of_use === "string" ? p.area_of_use : null,
          from: String(p.source_crs_name),
          to: String(p.target_crs_name),
        },
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  },
};
