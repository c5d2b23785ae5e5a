// Statistics of an elevation profile: extremes over non-null samples, and gain and loss summed
// over consecutive pairs of non-null samples (a void sample breaks the chain, it is not bridged).

export interface ProfileStats {
  minMeters: number | null;
  maxMeters: number | null;
  gainMeters: number;
  lossMeters: number;
  voidSamples: number;
}

export function profileStats(elevations: readonly (number | null)[]): ProfileStats {
  let min: number | null = null;
  let max: number | null = null;
  let gain = 0;
  let loss = 0;
  let voids = 0;
  let previous: number | null = null;
  for (const e of elevations) {
    if (e === null) {
      voids++;
      previous = null;
      continue;
    }
    min = min === null ? e : Math.min(min, e);
    max = max === null ? e : Math.max(max, e);
    if (previous !== null) {
      const d = e - previous;
      if (d > 0) gain += d;
      else loss -= d;
    }
    previous = e;
  }
  return { minMeters: min, maxMeters: max, gainMeters: gain, lossMeters: loss, voidSamples: voids };
}
