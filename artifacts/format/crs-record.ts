// Records of the `crs` artifact family: the supported EPSG CRSs and the datum operations between
// them, as extracted from the EPSG dataset (PROJ's proj.db). Shared by ingest (writer) and
// service (reader); see artifacts/README.md, section "crs".

export type CrsUnit = "degree" | "m" | "ft" | "us-ft";
export type CrsKind = "geographic" | "projected";
/** Datum group: WGS 84, ITRF2020, every NAD83 realization, NAD27. */
export type DatumGroup = "WGS 84" | "ITRF2020" | "NAD83" | "NAD27";

/** Projection methods the service computes (EPSG method → key). */
export type ProjectionMethod =
  | "transverse_mercator"
  | "lambert_conic_conformal_1sp"
  | "lambert_conic_conformal_2sp"
  | "lambert_conic_conformal_2sp_michigan"
  | "hotine_oblique_mercator_a"
  | "hotine_oblique_mercator_b"
  | "pseudo_mercator"
  | "local_orthographic";

/** An ellipsoid as EPSG defines it: a with either inverse flattening or semi-minor axis. */
export interface EllipsoidDef {
  code: number;
  name: string;
  a: number;
  rf?: number;
  b?: number;
}

/**
 * Parameters as PROJ instantiates them: angles in degrees, lengths in metres, scale unitless,
 * each value normalised and rounded exactly as PROJ's PROJ-string export does (15 significant
 * digits, sexagesimal DMS decoded), so that arithmetic on them reproduces PROJ.
 */
export interface ProjectionParameters {
  /** Latitude of natural origin / false origin / projection centre. */
  lat0: number;
  /** Longitude of natural origin / false origin / projection centre. */
  lon0: number;
  /** Scale factor at natural origin / on initial line / ellipsoid scaling factor (Michigan). */
  k0: number;
  /** False easting / easting at false origin / easting at projection centre. */
  x0: number;
  y0: number;
  /** Standard parallels (LCC 2SP; LCC 1SP has lat1 = lat0). */
  lat1?: number;
  lat2?: number;
  /** Azimuth of the initial line / of the Y axis (HOM, Local Orthographic). */
  alpha?: number;
  /** Angle from rectified to skew grid (HOM). */
  gamma?: number;
}

/** One EPSG parameter as published (value in its own unit). */
export interface EpsgParameter {
  code: number;
  name: string;
  value: number;
  unit: string;
}

export interface ProjectionDef {
  method: ProjectionMethod;
  epsgMethodCode: number;
  epsgMethodName: string;
  ellipsoid: EllipsoidDef;
  params: ProjectionParameters;
  epsgParameters: EpsgParameter[];
}

export interface AreaOfUse {
  name: string;
  /** west, south, east, north in degrees; west > east when the area crosses the antimeridian. */
  bbox: [number, number, number, number];
}

export interface CrsRecord {
  code: number;
  name: string;
  kind: CrsKind;
  /** The code-set family that admitted the code (see the README's rules). */
  family: string;
  /** First revision whose code set holds the code. */
  revision: "A" | "B";
  /** The geographic CRS the coordinates are referenced to (itself when geographic). */
  base: { code: number; name: string };
  datum: { code: number; name: string; group: DatumGroup };
  ellipsoid: EllipsoidDef;
  unit: CrsUnit;
  /** Metres per unit (PROJ's factors: ft 0.3048, us-ft 1200/3937); 0 for degree. */
  unitToMeter: number;
  /** EPSG axis abbreviations in EPSG order; answers are always (easting, northing) or (lon, lat). */
  axes: string[];
  projection?: ProjectionDef;
  areaOfUse: AreaOfUse;
}

/** A NADCON5 grid operation of the EPSG dataset between two service geographic CRSs. */
export interface GridOperation {
  code: number;
  name: string;
  method: string;
  source: number;
  target: number;
  /** PROJ-data file name of the grid (e.g. `us_noaa_nadcon5_nad27_nad83_1986_alaska.tif`). */
  grid: string;
  /** Region taken from the grid name: alaska, conus, hawaii, prvi, as, guamcnmi. */
  region: string;
  accuracyMeters: number | null;
}

/** A time-dependent coordinate-frame Helmert (EPSG method 1056) from ITRF2020 to a NAD83 realization. */
export interface HelmertOperation {
  code: number;
  name: string;
  method: string;
  /** Geographic 2D CRS codes of the source and target datums (9990 ITRF2020 → 6318 NAD83(2011), …). */
  source: number;
  target: number;
  /** PROJ units: metres, arc-seconds, ppm, and their yearly rates. */
  tx: number;
  ty: number;
  tz: number;
  rx: number;
  ry: number;
  rz: number;
  s: number;
  dtx: number;
  dty: number;
  dtz: number;
  drx: number;
  dry: number;
  drz: number;
  ds: number;
  referenceEpoch: number;
  convention: "coordinate_frame";
  areaOfUse: AreaOfUse;
}

export interface CrsRegistryData {
  epsgVersion: string;
  crs: CrsRecord[];
  gridOperations: GridOperation[];
  helmertOperations: HelmertOperation[];
}
