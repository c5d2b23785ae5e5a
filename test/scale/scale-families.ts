// The builders of the scale run: the production families over the pinned inputs plus the generated
// ones (scale-plan.ts), and the source registry that names both.
import type { EncArea } from "../../artifacts/format/enc-charts-metadata.ts";
import { ENC_AREAS as SPEC_AREAS } from "../../ingest/catalogs/spec-coverage.ts";
import { USGS_3DEP_2AS } from "../../ingest/dem/datasets.ts";
import { BLOCK_SOURCES, demFamilyOf } from "../../ingest/dem/family.ts";
import { ENC_AREAS, encFamily } from "../../ingest/enc/enc-family.ts";
import { ENC_CELLS } from "../../ingest/enc/sources.ts";
import type { FamilyBuilder } from "../../ingest/lib/family.ts";
import { datumGridsFamilyOf } from "../../ingest/nadcon/datum-grids-family.ts";
import { NADCON5_GRIDS } from "../../ingest/nadcon/sources.ts";
import { SCALE_GRIDS, type ScaleBlock, type ScaleCell } from "./scale-plan.ts";

/** The families the scale run generates inputs for; the others are today's build, linked. */
export const SCALED = ["datum-grids", "enc", "dem"] as const;
export type ScaledFamily = (typeof SCALED)[number];

export interface ScalePlan {
  fraction: number;
  blocks: ScaleBlock[];
  cells: ScaleCell[];
}

/** The family's builder at scale: the pinned inputs and the generated ones. */
export function scaleBuilder(family: ScaledFamily, plan: ScalePlan): FamilyBuilder {
  switch (family) {
    case "dem":
      return demFamilyOf([
        ...BLOCK_SOURCES,
        ...plan.blocks.map((b) => ({
          id: `scale-3dep-${b.name}`,
          kind: "usgs-3dep" as const,
          dataset: USGS_3DEP_2AS,
          fileName: b.fileName,
        })),
      ]);
    case "enc": {
      const areas: EncArea[] = [
        ...ENC_AREAS,
        ...SPEC_AREAS.map((a) => ({
          name: `${a.name} (SYNTHETIC)`,
          cells: plan.cells.filter((c) => c.area === a.name).map((c) => c.name),
        })).filter((a) => a.cells.length > 0),
      ];
      return encFamily([...ENC_CELLS, ...plan.cells.map((c) => c.name)], areas);
    }
    case "datum-grids":
      return datumGridsFamilyOf([...NADCON5_GRIDS.map(([f]) => f), ...SCALE_GRIDS.map((g) => g.file)]);
  }
}
