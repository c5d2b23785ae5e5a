// Ring- and line-level repairs that never move a coordinate: drop consecutive repeats, close an
// unclosed ring by repeating its first position, reverse a ring's order. Each returns a new
// array (the input is never written to) or the same array when nothing changes.
import { samePosition } from "./positions.ts";
import type { Position } from "./working-ring.ts";

/** True when every element is a position with finite x and y: only such arrays are repaired. */
export function usablePositions(value: unknown): value is Position[] {
  return (
    Array.isArray(value) &&
    value.every(
      (p) => Array.isArray(p) && p.length >= 2 && p.every((v) => typeof v === "number" && Number.isFinite(v)),
    )
  );
}

/** Drops positions identical to the one before; `dropped` counts them. */
export function dropRepeats(positions: readonly Position[]): {
  positions: readonly Position[];
  dropped: number;
} {
  const out: Position[] = [];
  for (const p of positions)
    if (out.length === 0 || !samePosition(out[out.length - 1] as Position, p)) out.push(p);
  const dropped = positions.length - out.length;
  return { positions: dropped === 0 ? positions : out, dropped };
}

/** Appends a copy of the first position when the last differs from it. */
export function closeRing(positions: readonly Position[]): {
  positions: readonly Position[];
  closed: boolean;
} {
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (!first || !last || samePosition(first, last)) return { positions, closed: false };
  return { positions: [...positions, [...first]], closed: true };
}

/** The ring traversed the other way, starting and ending at the same position. */
export function reverseRing(positions: readonly Position[]): Position[] {
  return [...positions].reverse();
}
