import { describe, expect, it } from "vitest";
import {
  angleToDegrees,
  axisUnit,
  helmertValue,
  lengthToMeters,
  projRound,
  sexagesimalToDegrees,
} from "./epsg-units.ts";

describe("EPSG values as PROJ instantiates them", () => {
  it("decodes sexagesimal DMS through 12 fixed decimals (43.19 is 43°19', not 43°18'59.99…)", () => {
    expect(sexagesimalToDegrees(43.19)).toBeCloseTo(43 + 19 / 60, 14);
    expect(projRound(sexagesimalToDegrees(43.19))).toBe(43.3166666666667);
    expect(projRound(sexagesimalToDegrees(-84.2))).toBe(-84.3333333333333);
    expect(projRound(sexagesimalToDegrees(323.07483685))).toBe(323.130102361111);
    expect(sexagesimalToDegrees(-0.3)).toBeCloseTo(-0.5, 14);
  });
  it("rounds to 15 significant digits and snaps to one decimal within 1e-8, like PROJ's formatter", () => {
    expect(projRound(-110.16666666666667)).toBe(-110.166666666667);
    expect(projRound(49.499999999999)).toBe(49.5);
    expect(projRound(lengthToMeters(2000000, 9003))).toBe(609601.219202438);
  });
  it("converts grads, and refuses units it does not know", () => {
    expect(projRound(angleToDegrees(55, 9105))).toBe(49.5);
    expect(() => angleToDegrees(1, 9999)).toThrow();
    expect(() => axisUnit(9096)).toThrow();
  });
  it("gives Helmert parameters in PROJ's units (EPSG stores rates per second)", () => {
    expect(helmertValue(1003.9, 1025)).toBe(1.0039);
    expect(helmertValue(26.78138, 1031)).toBe(0.02678138);
    expect(helmertValue(-0.05109, 1028)).toBe(-0.00005109);
    expect(helmertValue(-0.07201, 1030)).toBe(-0.00007201);
  });
});
