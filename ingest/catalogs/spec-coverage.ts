// The coverage the interface specification names for each family (spec/interface.md): what a
// resolver selects from the publisher's catalog, and what the answers' `coverage` compares with.

export interface EncArea {
  name: string;
  /** [west, south, east, north], degrees. */
  bbox: [number, number, number, number];
}

/**
 * "65 chart cells of usage bands 3, 4 and 5 over five areas of southeast and southcentral Alaska".
 * The spec does not name the areas; these five are the project's reading of it (docs/marine.md).
 */
export const ENC_AREAS: readonly EncArea[] = [
  { name: "Kachemak Bay and lower Cook Inlet", bbox: [-154.5, 58.5, -150.5, 60.5] },
  { name: "Prince William Sound", bbox: [-148.8, 59.8, -145.5, 61.2] },
  { name: "Kodiak Island", bbox: [-154.8, 56.8, -151.8, 58.2] },
  { name: "Juneau and Lynn Canal", bbox: [-136.0, 57.8, -133.8, 59.5] },
  { name: "Ketchikan and Clarence Strait", bbox: [-133.5, 54.6, -130.8, 56.2] },
];
export const ENC_BANDS: readonly number[] = [3, 4, 5];
export const ENC_SPEC_CELLS = 65;

/** "Vintage: 2025 boundaries, congressional districts of the 119th Congress", at 1:500,000. */
export const CENSUS_VINTAGE = "2025";
export const CENSUS_LAYERS: readonly string[] = ["state", "county", "cd119"];
