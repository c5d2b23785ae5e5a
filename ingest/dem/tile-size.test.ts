import { describe, expect, it } from "vitest";
import { tileSizeFor } from "./build-tiles.ts";

const grid = (ppdX: number, ppdY: number) => ({ ppdX, ppdY, phaseX: 0, phaseY: 0 });

describe("tileSizeFor (COG tiles: multiples of 16 that divide the pixels around the globe)", () => {
  it("keeps 240 for the layers built today: 3″, 1″, and GLO-30's 1.5″ × 1″ above 60N", () => {
    expect(tileSizeFor(grid(1200, 1200), 256)).toBe(240);
    expect(tileSizeFor(grid(3600, 3600), 256)).toBe(240);
    expect(tileSizeFor(grid(2400, 3600), 256)).toBe(240);
  });
  it("gives 3DEP's 2″ grid (1,800 per degree, no multiple of 16 divides it) tiles that still wrap", () => {
    const t = tileSizeFor(grid(1800, 1800), 256);
    expect(t).toBe(240);
    expect((360 * 1800) % t).toBe(0);
    expect((180 * 1800) % t).toBe(0);
  });
  it("every answer is a multiple of 16 not above the maximum; below 16 is refused", () => {
    for (const ppd of [4, 64, 1200, 1800, 2400, 3600, 1234.5])
      for (const max of [16, 17, 100, 256, 1000]) {
        const t = tileSizeFor(grid(ppd, ppd), max);
        expect(t % 16).toBe(0);
        expect(t).toBeLessThanOrEqual(max);
        expect(t).toBeGreaterThanOrEqual(16);
      }
    expect(() => tileSizeFor(grid(1200, 1200), 8)).toThrow(/at least 16/);
  });
});
