// Census: the cartographic boundary files of the spec's vintage at 1:500,000. The Census Bureau
// publishes no machine-readable index with sizes or hashes (only a web directory listing), so the
// files follow its naming rule `cb_<vintage>_us_<layer>_500k.zip` and carry no size or hash.
import type { Resolver } from "./plan-types.ts";
import { CENSUS_LAYERS, CENSUS_VINTAGE } from "./spec-coverage.ts";

export const censusResolver: Resolver = {
  family: "census",
  catalog: {
    url: null,
    mirrorPath: null,
    note: `no machine-readable index: the GENZ${CENSUS_VINTAGE} directory's naming rule`,
  },
  rule: `cartographic boundary files ${CENSUS_VINTAGE} at 1:500,000: ${CENSUS_LAYERS.join(", ")}`,
  select() {
    return CENSUS_LAYERS.map((layer) => {
      const name = `cb_${CENSUS_VINTAGE}_us_${layer}_500k`;
      return {
        name,
        url: `https://www2.census.gov/geo/tiger/GENZ${CENSUS_VINTAGE}/shp/${name}.zip`,
        bytes: null,
        sha256: null,
        mirrorPath: `census/${name}/${name}.shp`,
        detail: { layer, vintage: CENSUS_VINTAGE },
      };
    });
  },
};
