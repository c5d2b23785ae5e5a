import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interpolate, sampleWindow } from "./interpolate.ts";

const grid = (col: number, row: number) => col * 10 + row;

describe("sampleWindow", () => {
  it("on a pixel centre: that pixel alone", () => {
    expect(sampleWindow(3.5, 7.5, "bilinear")).toEqual([{ col: 3, row: 7, weight: 1 }]);
  });
  it("on a vertical pixel edge: two pixels at one half", () => {
    expect(sampleWindow(4, 7.5, "bilinear")).toEqual([
      { col: 3, row: 7, weight: 0.5 },
      { col: 4, row: 7, weight: 0.5 },
    ]);
  });
  it("on a pixel corner: four pixels at one quarter", () => {
    expect(sampleWindow(4, 8, "bilinear").map((p) => p.weight)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });
  it("nearest is the pixel containing the point; an edge belongs to the east/south pixel", () => {
    expect(sampleWindow(3.99, 7.2, "nearest")).toEqual([{ col: 3, row: 7, weight: 1 }]);
    expect(sampleWindow(4, 8, "nearest")).toEqual([{ col: 4, row: 8, weight: 1 }]);
  });
  it("property: bilinear weights are positive and sum to 1, over at most 4 distinct pixels", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        fc.double({ min: -1e5, max: 1e5, noNaN: true }),
        (x, y) => {
          const w = sampleWindow(x, y, "bilinear");
          const sum = w.reduce((s, p) => s + p.weight, 0);
          return w.length >= 1 && w.length <= 4 && w.every((p) => p.weight > 0) && Math.abs(sum - 1) < 1e-9;
        },
      ),
    );
  });
});

describe("interpolate", () => {
  it("drops void pixels and renormalises the remaining weights", () => {
    const w = sampleWindow(4, 8, "bilinear");
    const v = (c: number, r: number) => (c === 3 && r === 7 ? Number.NaN : grid(c, r));
    // (4,7)=47, (3,8)=38, (4,8)=48 → mean 44.333…
    expect(interpolate(w, v)).toEqual({ value: (47 + 38 + 48) / 3, pixelsUsed: 3 });
  });
  it("an all-void window has no value — null, never 0", () => {
    expect(interpolate(sampleWindow(4.2, 8.3, "bilinear"), () => Number.NaN)).toBeNull();
  });
  it("property: the value lies within the window's valid values; a plane is reproduced exactly", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        (x, y) => {
          const w = sampleWindow(x, y, "bilinear");
          const plane = (c: number, r: number) => 3 * (c + 0.5) - 2 * (r + 0.5) + 7;
          const r = interpolate(w, plane);
          const vals = w.map((p) => plane(p.col, p.row));
          if (!r) return false;
          return (
            r.value >= Math.min(...vals) - 1e-9 &&
            r.value <= Math.max(...vals) + 1e-9 &&
            Math.abs(r.value - (3 * x - 2 * y + 7)) < 1e-7
          );
        },
      ),
    );
  });
});
