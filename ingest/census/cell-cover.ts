// Covers the census layers with disjoint H3 cells: coarse cells where no outline passes, resolution
// 7 cells along outlines, resolution 9 cells along the outlines of small units; equal siblings are
// merged back into their parent (compaction), so every stored cell answers one record.
import { cellToChildren, cellToParent, getResolution, polygonToCells } from "h3-js";
import { BoundaryProximity } from "./boundary-proximity.ts";
import { BoundaryTracer, TRACE_ANY, TRACE_SMALL } from "./boundary-trace.ts";
import type { CellClassifier, CellUnits } from "./cell-classifier.ts";

export interface CoverParameters {
  /** Resolution of the index along ordinary outlines (7). */
  resolution: number;
  /** Resolution along the outlines of small units (9). */
  fineResolution: number;
  /** Coarsest stored cell (3). */
  coarsestResolution: number;
  /** Units smaller than this (km², as drawn) get the fine resolution along their outline. */
  smallUnitSquareKilometres: number;
  /** Shortest piece an outline edge is bisected into when tracing, metres. */
  traceStepMetres: number;
}

/** One stored cell: its units, whether it lies in the fine (refined) band, outlines within reach. */
export interface CoverEntry {
  cell: string;
  units: CellUnits;
  fine: boolean;
  /** NEAR_COUNTY | NEAR_DISTRICT (boundary-proximity.ts): a real outline within reach of its points. */
  near: number;
}

export type CoverProgress = (label: string, done: number, total?: number) => void;

const sameUnits = (a: CoverEntry, b: CoverEntry): boolean =>
  a.fine === b.fine &&
  a.near === b.near &&
  a.units.state === b.units.state &&
  a.units.county === b.units.county &&
  a.units.district === b.units.district;

/** Children all stored whole with one answer → the parent instead (H3 compaction). */
function compact(parent: string, children: string[], results: CoverEntry[][]): CoverEntry[] {
  const flat = results.flat();
  const first = flat[0];
  if (
    first &&
    flat.length === children.length &&
    flat.every((e, i) => e.cell === children[i] && sameUnits(e, first))
  ) {
    return [{ ...first, cell: parent }];
  }
  return flat;
}

export class CellCover {
  readonly #classifier: CellClassifier;
  readonly #p: CoverParameters;
  /** Resolution-`resolution` cells crossed by an outline (TRACE_ANY) or a small unit's (TRACE_SMALL). */
  readonly #traced = new Map<string, number>();
  /** A state whose outline enters each traced cell. */
  readonly #outlineState = new Map<string, number>();
  /** Coarser ancestors of traced cells (the walk descends into these). */
  readonly #tracedAncestors = new Set<string>();

  readonly #proximity: BoundaryProximity;

  constructor(classifier: CellClassifier, parameters: CoverParameters) {
    this.#classifier = classifier;
    this.#p = parameters;
    this.#proximity = new BoundaryProximity(classifier.layers);
  }

  /**
   * Walks every outline of the three layers (states first, for the outline state of each cell;
   * then small units, so outlines they share with large ones are walked once), then marks the
   * ancestors of the traced cells.
   */
  trace(progress: CoverProgress): { samples: number; cells: number } {
    const { resolution, traceStepMetres, smallUnitSquareKilometres } = this.#p;
    const small = smallUnitSquareKilometres * 1e6;
    const { states, counties, districts } = this.#classifier.layers;
    const tracer = new BoundaryTracer(resolution, traceStepMetres);
    const flagOf = (area: number): number => (area < small ? TRACE_ANY | TRACE_SMALL : TRACE_ANY);
    states.parts().forEach((part, i) => {
      tracer.trace(part.index, flagOf(states.units[part.unit]!.areaSquareMetres), (cell) => {
        if (!this.#outlineState.has(cell)) this.#outlineState.set(cell, part.unit);
      });
      if (i % 500 === 0) progress("trace states", i, states.parts().length);
    });
    for (const pass of ["small", "large"] as const) {
      for (const [name, layer] of [
        ["counties", counties],
        ["districts", districts],
      ] as const) {
        const parts = layer.parts();
        parts.forEach((part, i) => {
          const flag = flagOf(layer.units[part.unit]!.areaSquareMetres);
          if ((flag & TRACE_SMALL ? "small" : "large") === pass) tracer.trace(part.index, flag);
          if (i % 500 === 0) progress(`trace ${name} (${pass})`, i, parts.length);
        });
      }
    }
    for (const [cell, flags] of tracer.cells) {
      this.#traced.set(cell, flags);
      for (let r = resolution - 1; r >= this.#p.coarsestResolution; r--) {
        const parent = cellToParent(cell, r);
        if (this.#tracedAncestors.has(parent)) break;
        this.#tracedAncestors.add(parent);
      }
    }
    return { samples: tracer.samples, cells: tracer.cells.size };
  }

  /** The coarsest cells to walk: ancestors of traced cells and cells centred in a state's bbox. */
  startCells(): string[] {
    const start = new Set<string>();
    const coarse = this.#p.coarsestResolution;
    for (const cell of this.#tracedAncestors) if (getResolution(cell) === coarse) start.add(cell);
    for (const part of this.#classifier.layers.states.parts()) {
      const b = part.index.bbox;
      const rect = [
        [b.minLat, b.minLon],
        [b.minLat, b.maxLon],
        [b.maxLat, b.maxLon],
        [b.maxLat, b.minLon],
        [b.minLat, b.minLon],
      ];
      for (const cell of polygonToCells(rect, coarse)) start.add(cell);
    }
    return [...start].sort();
  }

  /** Every stored cell under a start cell. */
  walk(cell: string, res: number): CoverEntry[] {
    const { resolution } = this.#p;
    if (res < resolution) {
      // a coarse cell no outline crosses is stored whole unless an outline comes within reach
      // of its points: then its children are, so only those near the outline are flagged
      const near = this.#tracedAncestors.has(cell) ? -1 : this.#proximity.flags(cell);
      if (near === 0) {
        const units = this.#classifier.classify(cell, false);
        return units ? [{ cell, units, fine: false, near: units.inferred }] : [];
      }
      const children = cellToChildren(cell, res + 1);
      return compact(
        cell,
        children,
        children.map((c) => this.walk(c, res + 1)),
      );
    }
    const flags = this.#traced.get(cell) ?? 0;
    if (flags & TRACE_SMALL) return this.#refine(cell, res);
    const units = this.#classifier.classify(cell, flags !== 0, this.#outlineState.get(cell) ?? -1);
    return units ? [{ cell, units, fine: false, near: this.#proximity.flags(cell) | units.inferred }] : [];
  }

  /**
   * A cell along a small unit's outline, answered by its fine-resolution descendants. A fine cell
   * answers by its centre or its corners only: outside them it is outside, which keeps the fine
   * band as tight at the shore as inland.
   */
  #refine(cell: string, res: number): CoverEntry[] {
    if (res === this.#p.fineResolution) {
      const units = this.#classifier.classify(cell, true);
      return units ? [{ cell, units, fine: true, near: this.#proximity.flags(cell) | units.inferred }] : [];
    }
    const children = cellToChildren(cell, res + 1);
    return compact(
      cell,
      children,
      children.map((c) => this.#refine(c, res + 1)),
    );
  }
}
