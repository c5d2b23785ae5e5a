// Coordinate arrays of every geometry type: positions of 2–3 finite numbers in range, lines of
// two or more positions, linear rings of four or more positions that close, and consecutive
// repeats. Each check reports at the exact element it concerns.
import { element, type IssueCode, type Place } from "./issues.ts";
import type { Position } from "./working-ring.ts";

export type Report = (place: Place, code: IssueCode, message: string) => void;

/** True when both positions hold the same values (same length, equal elements). */
export function samePosition(a: Position, b: Position): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Checks one position; true when its x and y are finite numbers (usable for geometry). The
 * position is `parent` itself, or its element `index`: the Place is only built for a report,
 * never for the (many) good positions.
 */
export function checkPosition(
  value: unknown,
  parent: Place,
  report: Report,
  index?: number,
): value is Position {
  if (!Array.isArray(value)) {
    const shallow =
      typeof value === "number" ? " (a number where a position array belongs: nest it one level deeper)" : "";
    report(at(parent, index), "invalid_position", `A position must be an array of numbers${shallow}.`);
    return false;
  }
  if (value.length < 2) {
    report(
      at(parent, index),
      "invalid_position",
      `A position needs at least two numbers, this one has ${value.length}.`,
    );
    return false;
  }
  if (!value.every((v) => typeof v === "number" && Number.isFinite(v))) {
    report(at(parent, index), "invalid_position", "Every element of a position must be a finite number.");
    return false;
  }
  if (value.length > 3) {
    report(
      at(parent, index),
      "position_extra_elements",
      `This position has ${value.length} elements; RFC 7946 advises at most three.`,
    );
  }
  const [lon, lat] = value as number[];
  if ((lon as number) < -180 || (lon as number) > 180) {
    report(at(parent, index), "coordinate_out_of_range", `Longitude ${lon} is outside -180..180.`);
  } else if ((lat as number) < -90 || (lat as number) > 90) {
    report(at(parent, index), "coordinate_out_of_range", `Latitude ${lat} is outside -90..90.`);
  }
  return true;
}

function at(parent: Place, index: number | undefined): Place {
  return index === undefined ? parent : element(parent, index, { positionIndex: index });
}

/**
 * Checks an array of positions (MultiPoint, line or ring body). Returns the positions when every
 * one is usable. `lineLike` adds the consecutive-duplicate warning.
 */
export function checkPositionList(
  value: unknown,
  place: Place,
  report: Report,
  lineLike: boolean,
): Position[] | undefined {
  if (!Array.isArray(value)) {
    report(place, "invalid_coordinates", "Expected an array of positions here.");
    return undefined;
  }
  let usable = true;
  for (let i = 0; i < value.length; i++) {
    const p = value[i];
    if (!checkPosition(p, place, report, i)) usable = false;
    else if (lineLike && i > 0 && Array.isArray(value[i - 1]) && samePosition(value[i - 1], p)) {
      report(
        element(place, i, { positionIndex: i }),
        "duplicate_vertex",
        `Position ${i} repeats position ${i - 1}.`,
      );
    }
  }
  return usable ? (value as Position[]) : undefined;
}

/** A LineString body: two or more positions. */
export function checkLine(value: unknown, place: Place, report: Report): Position[] | undefined {
  const positions = checkPositionList(value, place, report, true);
  if (Array.isArray(value) && value.length < 2) {
    report(place, "short_linestring", `A line needs two or more positions, this one has ${value.length}.`);
    return undefined;
  }
  return positions;
}

/** A linear ring: four or more positions, first and last identical. Returns it when usable for topology. */
export function checkRing(value: unknown, place: Place, report: Report): Position[] | undefined {
  const positions = checkPositionList(value, place, report, true);
  if (!Array.isArray(value)) return undefined;
  if (value.length < 4) {
    report(place, "short_ring", `A linear ring needs four or more positions, this one has ${value.length}.`);
  }
  const last = value.length - 1;
  if (
    last > 0 &&
    Array.isArray(value[0]) &&
    Array.isArray(value[last]) &&
    !samePosition(value[0], value[last])
  ) {
    report(
      element(place, last, { positionIndex: last }),
      "unclosed_ring",
      "The first and last positions of a linear ring must hold identical values.",
    );
  }
  return positions && value.length >= 4 ? positions : undefined;
}
