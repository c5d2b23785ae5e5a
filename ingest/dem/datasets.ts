// The DEM datasets this family knows, what answers say about each, and which reader parses it.
// Layers are preferred in DATASET_PRIORITY order where datasets overlap.
import { readCopernicusGlo30 } from "./read-copernicus.ts";
import { readHgt } from "./read-hgt.ts";
import { readUsgs3dep } from "./read-usgs-3dep.ts";
import type { DemDataset, SourceBlock } from "./source-block.ts";

export const USGS_3DEP_2AS: DemDataset = {
  id: "usgs-3dep-2as",
  name: "USGS 3DEP seamless DEM, 2 arc-second (Alaska)",
  publisher: "U.S. Geological Survey",
  license: "Public domain (USGS)",
  verticalDatum: "NAVD88",
  horizontalDatum: "NAD83",
  url: "https://www.usgs.gov/3d-elevation-program",
  surface: "DTM",
};

export const VIEWFINDER_3AS: DemDataset = {
  id: "viewfinderpanoramas-3as",
  name: "Viewfinder Panoramas DEM3, 3 arc-second (SRTM .hgt format)",
  publisher: "Jonathan de Ferranti, viewfinderpanoramas.org",
  license: "Viewfinder Panoramas terms of use (viewfinderpanoramas.org)",
  verticalDatum: "EGM96",
  horizontalDatum: "WGS 84",
  url: "http://viewfinderpanoramas.org/dem3.html",
  surface: "unspecified",
};

export const COPERNICUS_GLO30: DemDataset = {
  id: "copernicus-glo30",
  name: "Copernicus DEM GLO-30",
  publisher: "European Space Agency / Copernicus (DLR, Airbus Defence and Space)",
  license: "Copernicus DEM licence (free use with attribution)",
  verticalDatum: "EGM2008",
  horizontalDatum: "WGS 84",
  url: "https://spacedata.copernicus.eu/collections/copernicus-digital-elevation-model",
  surface: "DSM",
};

export const DATASET_PRIORITY = [USGS_3DEP_2AS.id, COPERNICUS_GLO30.id, VIEWFINDER_3AS.id];

export type DemReaderKind = "srtm-hgt" | "usgs-3dep" | "copernicus-glo30";

/** Parses one input file of `kind` into a block of `dataset`; with `samples` false GeoTIFFs skip their pixels (`values` empty). */
export async function readBlock(
  kind: DemReaderKind,
  fileName: string,
  bytes: Uint8Array,
  dataset: DemDataset,
  samples = true,
): Promise<SourceBlock> {
  switch (kind) {
    case "srtm-hgt":
      return readHgt(fileName, bytes, dataset);
    case "usgs-3dep":
      return readUsgs3dep(fileName, bytes, dataset, samples);
    case "copernicus-glo30":
      return readCopernicusGlo30(fileName, bytes, dataset, samples);
  }
}
