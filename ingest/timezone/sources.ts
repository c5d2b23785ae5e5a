// Upstream inputs of the timezone family: timezone-boundary-builder polygons as packaged by
// geo-tz 8.1.9 (the `timezones-1970` product: quadtree index + geobuf pieces).
import type { SourceEntry } from "../sources.ts";

const GEO_TZ = "https://cdn.jsdelivr.net/npm/geo-tz@8.1.9/data";
const LICENSE = "ODbL-1.0 (boundary data, timezone-boundary-builder); MIT (geo-tz packaging)";
const ATTRIBUTION =
  "Timezone boundaries © timezone-boundary-builder contributors (Evan Siroky), ODbL 1.0, from OpenStreetMap data © OpenStreetMap contributors; packaged by geo-tz 8.1.9";

export const TIMEZONE_SOURCES: readonly SourceEntry[] = [
  {
    id: "geo-tz-1970-index",
    url: `${GEO_TZ}/timezones-1970.geojson.index.json`,
    sha256: "cf61db64fa5baa97c911471996be5926aa323c150d76bcb71967728964cb48dd",
    bytes: 889116,
    vintage: "timezone-boundary-builder 2025b (geo-tz 8.1.9, timezones-1970)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "timezones/geo-tz-8.1.9/timezones-1970.geojson.index.json",
    mirroredAt: "2026-11-21",
  },
  {
    id: "geo-tz-1970-data",
    url: `${GEO_TZ}/timezones-1970.geojson.geo.dat`,
    sha256: "76309ae44ea38461e6540d6f30665ecc2c29e2b31b3e6c7b726f7c42ed1e29b6",
    bytes: 26429418,
    vintage: "timezone-boundary-builder 2025b (geo-tz 8.1.9, timezones-1970)",
    license: LICENSE,
    attribution: ATTRIBUTION,
    mirrorPath: "timezones/geo-tz-8.1.9/timezones-1970.geojson.geo.dat",
    mirroredAt: "2026-11-21",
  },
];
