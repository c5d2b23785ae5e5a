import { describe, expect, it } from "vitest";
import { profileStats } from "./profile-stats.ts";

describe("profileStats", () => {
  it("sums gain and loss over consecutive non-null pairs; a void breaks the chain", () => {
    // 10→15 (+5), 15→void, void→30 (not bridged), 30→20 (-10), 20→25 (+5)
    expect(profileStats([10, 15, null, 30, 20, 25])).toEqual({
      minMeters: 10,
      maxMeters: 30,
      gainMeters: 10,
      lossMeters: 10,
      voidSamples: 1,
    });
  });
  it("all void: null extremes, zero gain and loss", () => {
    expect(profileStats([null, null])).toEqual({
      minMeters: null,
      maxMeters: null,
      gainMeters: 0,
      lossMeters: 0,
      voidSamples: 2,
    });
  });
  it("negative heights (below the geoid) count like any other", () => {
    expect(profileStats([-5, -9, 0])).toMatchObject({
      minMeters: -9,
      maxMeters: 0,
      gainMeters: 9,
      lossMeters: 4,
    });
  });
});
