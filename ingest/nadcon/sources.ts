// Upstream inputs of the datum-grids family: the NOAA NGS NADCON5 grids of the EPSG operations
// the service chains, as PROJ-data (us_noaa, v1.24) publishes them on cdn.proj.org. The CONUS
// HARN → FBN → NSRS2007 → 2011 grids are not listed: they could not be obtained here.
import type { SourceEntry } from "../sources.ts";

/** [file, sha256, bytes] of each grid (sha256 and size as PROJ-data's files.geojson lists them). */
export const NADCON5_GRIDS: readonly [string, string, number][] = [
  [
    "us_noaa_nadcon5_nad27_nad83_1986_alaska.tif",
    "5a71a9bcd73ad0011561d72288e100917bfe6295673e524008b295acbef2447c",
    29603,
  ],
  [
    "us_noaa_nadcon5_nad83_1986_nad83_1992_alaska.tif",
    "4aa27b7bac1a6828f1b173606074f6fba23d3d089a6d4d9eee6ddad555598ea6",
    122303,
  ],
  [
    "us_noaa_nadcon5_nad83_1992_nad83_2007_alaska.tif",
    "cbc1b934f36c23f59fabb912fb1a3993e6d07e161d04066bccce2805380e632d",
    505853,
  ],
  [
    "us_noaa_nadcon5_nad83_2007_nad83_2011_alaska.tif",
    "9cc635c2f220b94c765ee917cd713c9707a113a83fb708e50136e9d90afa463f",
    1012399,
  ],
  [
    "us_noaa_nadcon5_nad27_nad83_1986_conus.tif",
    "c7d587e0d0b39b9f46c7de850b9a6a468c17b7139f82a313aa43aa4a64d94fa8",
    139914,
  ],
  [
    "us_noaa_nadcon5_nad83_1986_nad83_harn_conus.tif",
    "e12ac2e886edafe616e0994c610ad3daa01db17c00d0e9938145d956f249fc2f",
    3522682,
  ],
  [
    "us_noaa_nadcon5_nad83_1986_nad83_1993_hawaii.tif",
    "1f3b03ff38b254b69f770905b2eec21f53fecf01e4eb10484e0a1376618f40fb",
    598556,
  ],
  [
    "us_noaa_nadcon5_nad83_1993_nad83_pa11_hawaii.tif",
    "c037823e79fc2fa344b8c85c93f5053018e2b127dee33c409a47ce26e9be6511",
    364391,
  ],
  [
    "us_noaa_nadcon5_nad83_1986_nad83_1993_prvi.tif",
    "535c1b64e7074a0cf981f09c68f33ce13d44f7e0dadbc273dc3425c7390af1f7",
    9657,
  ],
  [
    "us_noaa_nadcon5_nad83_1993_nad83_1997_prvi.tif",
    "942f9b75f5f77eb1c870be7a1fe1c5427d097929eb4bb853c16c68af4fc2187e",
    177977,
  ],
  [
    "us_noaa_nadcon5_nad83_1997_nad83_2002_prvi.tif",
    "6310b6f3553da92f051ecf50f1e11c29896a50a15de78d20a295a8827babd4ae",
    21353,
  ],
  [
    "us_noaa_nadcon5_nad83_2002_nad83_2007_prvi.tif",
    "4580ebe074560c70b7b1b51eb368209e9a6a35f484863109c774cd4b322b1b07",
    262717,
  ],
  [
    "us_noaa_nadcon5_nad83_2007_nad83_2011_prvi.tif",
    "930e76e3ee98403f2851b976844933707d959ec3ed948b15dc603987d59eabc9",
    6896,
  ],
  [
    "us_noaa_nadcon5_nad83_1993_nad83_2002_as.tif",
    "ef20c49a88543c3c8032aa467870865d2e4d2fc5da6ac8e6406317d80c9f4bec",
    345634,
  ],
  [
    "us_noaa_nadcon5_nad83_2002_nad83_pa11_as.tif",
    "15f34f246fc1e011a7907743077e9fda0b199a951d1a371fd90bc58cd028cee7",
    283747,
  ],
  [
    "us_noaa_nadcon5_nad83_1993_nad83_2002_guamcnmi.tif",
    "721259f197e50304051c4511b0aaddb846aaabcc7cf29399a08cb8204bc90ccd",
    7143,
  ],
  [
    "us_noaa_nadcon5_nad83_2002_nad83_ma11_guamcnmi.tif",
    "657363b09b5b77a580a45a66a32dbd121476c70afe5b16d7989becd43770f4d6",
    96703,
  ],
];

export const gridSourceId = (file: string): string =>
  `nadcon5-${file.replace(/^us_noaa_nadcon5_/, "").replace(/\.tif$/, "")}`;

/** The registry entry of the NADCON5 grid `file` as PROJ-data publishes it. */
export const nadconSource = (file: string, sha256 = "", bytes = 0): SourceEntry => ({
  id: gridSourceId(file),
  url: `https://cdn.proj.org/${file}`,
  sha256,
  bytes,
  vintage:
    "NADCON5 release 20160901 (NOAA NGS), PROJ-data us_noaa GeoTIFF (added in 1.13, mirrored from 1.24)",
  license: "Public domain (NOAA; us_noaa_README.txt: License: Public Domain)",
  attribution: "NOAA National Geodetic Survey, NADCON5; GeoTIFF conversion by the PROJ-data project",
  mirrorPath: `nadcon/${file}`,
  mirroredAt: "2026-11-21",
  published: { url: "https://cdn.proj.org/files.geojson", format: "proj-files-geojson" },
});

export const NADCON_SOURCES: readonly SourceEntry[] = NADCON5_GRIDS.map(([file, sha256, bytes]) =>
  nadconSource(file, sha256, bytes),
);
