// Upstream inputs of the census family: the 2024 Census Bureau cartographic boundary files.
// Counties: the published 1:5,000,000 shapefile (members of cb_2024_us_county_5m.zip, byte for
// byte) and the 1:500,000 attribute table (no geometry here) to cross-check GEOIDs and names.
// States and 119th Congress districts: a third party's WGS 84 GeoJSON conversion of the 1:500,000
// shapefiles (no stable URL of those exact bytes is known; `url` names the zip they derive from,
// so a build without the mirror refuses them on the sha256 check instead of reading other bytes).
import type { SourceEntry } from "../sources.ts";

const GENZ = "https://www2.census.gov/geo/tiger/GENZ2024/shp";
const LICENSE = "Public domain (U.S. Census Bureau)";
const ATTRIBUTION = "U.S. Census Bureau, 2024 Cartographic Boundary Files";
const MIRRORED_AT = "2026-11-21";

const countyMember = (ext: string, sha256: string, bytes: number): SourceEntry => ({
  id: `census-county-5m-2024-${ext}`,
  url: `${GENZ}/cb_2024_us_county_5m.zip`,
  archiveMember: `cb_2024_us_county_5m.${ext}`,
  sha256,
  bytes,
  vintage: "2024 (cb_2024_us_county_5m, 1:5,000,000)",
  license: LICENSE,
  attribution: ATTRIBUTION,
  mirrorPath: `census/county-5m-2024/cb_2024_us_county_5m.${ext}`,
  mirroredAt: MIRRORED_AT,
});

export const CENSUS_SOURCES: readonly SourceEntry[] = [
  {
    id: "census-state-500k-2024-geojson",
    url: `${GENZ}/cb_2024_us_state_500k.zip`,
    sha256: "39f5dc7c30c139ed9a9bf601a034027f5849741a8ce279e3aed4e425836440eb",
    bytes: 8589383,
    vintage: "2024 (cb_2024_us_state_500k, 1:500,000; third-party GeoJSON conversion to WGS 84)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson",
    mirroredAt: MIRRORED_AT,
  },
  countyMember("shp", "295aead84a418176b43ae9aca3ea7b93da646c70d234e3d366e98c00070fe307", 3821648),
  countyMember("dbf", "a91917a71ad83fdfb7bec5708efa15f6e884a1dc01633b517ee7c9e411b1f204", 1181193),
  countyMember("prj", "0b9041e921d9ebb43247d314608fe9e38a0b008ee793067fc1806199ea1fb9dd", 165),
  countyMember("cpg", "3ad3031f5503a4404af825262ee8232cc04d4ea6683d42c5dd0a2f2a27ac9824", 5),
  {
    id: "census-county-500k-2024-dbf",
    url: `${GENZ}/cb_2024_us_county_500k.zip`,
    archiveMember: "cb_2024_us_county_500k.dbf",
    sha256: "2fdde1f61bc419c906153060ff50135d40d3697ac726fe2ee4eb00c6c0f98398",
    bytes: 1181193,
    vintage: "2024 (cb_2024_us_county_500k attribute table, 1:500,000)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "census/county-500k-2024-attributes/cb_2024_us_county_500k.dbf",
    mirroredAt: MIRRORED_AT,
  },
  {
    id: "census-county-500k-2024-cpg",
    url: `${GENZ}/cb_2024_us_county_500k.zip`,
    archiveMember: "cb_2024_us_county_500k.cpg",
    sha256: "3ad3031f5503a4404af825262ee8232cc04d4ea6683d42c5dd0a2f2a27ac9824",
    bytes: 5,
    vintage: "2024 (cb_2024_us_county_500k attribute table, 1:500,000)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "census/county-500k-2024-attributes/cb_2024_us_county_500k.cpg",
    mirroredAt: MIRRORED_AT,
  },
  {
    id: "census-cd119-500k-2024-geojson",
    url: `${GENZ}/cb_2024_us_cd119_500k.zip`,
    sha256: "35231a52dd8209a7bee820e87be73680ae6e06a8f33d16c376ea7e06b02dd5da",
    bytes: 18161740,
    vintage:
      "2024 (cb_2024_us_cd119_500k, 119th Congress, 1:500,000; third-party GeoJSON conversion to WGS 84)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "census/cd119-500k-2024/cd119_500k_USAboundariesData.DERIVED.geojson",
    mirroredAt: MIRRORED_AT,
  },
  // The Census Bureau's 2025 district file (1:20,000,000, official, vintage 2025): far too coarse
  // to locate a point, read for its attribute table — the district codes of the 2025 vintage.
  ...(
    [
      ["dbf", "237ffd3fb8c7db4ccff07ff5190f7d2851c5fd1a87a60b1c865d4db4e2ce370a", 68057],
      ["cpg", "3ad3031f5503a4404af825262ee8232cc04d4ea6683d42c5dd0a2f2a27ac9824", 5],
    ] as const
  ).map(
    ([ext, sha256, bytes]): SourceEntry => ({
      id: `census-cd119-20m-2025-${ext}`,
      url: "https://www2.census.gov/geo/tiger/GENZ2025/shp/cb_2025_us_cd119_20m.zip",
      archiveMember: `cb_2025_us_cd119_20m.${ext}`,
      sha256,
      bytes,
      vintage: "2025 (cb_2025_us_cd119_20m, 119th Congress, 1:20,000,000; attribute table)",
      license: LICENSE,
      attribution: "U.S. Census Bureau, 2025 Cartographic Boundary Files",
      mirrorPath: `census/cb_2025_us_cd119_20m/cb_2025_us_cd119_20m.${ext}`,
      mirroredAt: "2026-11-24",
    }),
  ),
];
