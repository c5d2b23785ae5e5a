import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { atomicToDollars, dollarsToAtomic } from "./money.ts";

describe("dollar strings ↔ atomic USDC", () => {
  it("converts the spec's prices exactly", () => {
    expect(dollarsToAtomic("0.001")).toBe(1000n);
    expect(dollarsToAtomic("0.005")).toBe(5000n);
    expect(dollarsToAtomic("0.01")).toBe(10000n);
    expect(dollarsToAtomic("0")).toBe(0n);
    expect(dollarsToAtomic("12.345678")).toBe(12345678n);
  });

  it("refuses what is not a plain amount with at most 6 decimals", () => {
    for (const bad of ["", "$0.01", "-1", "0.0000001", "1e-3", "01", ".5", "0.", " 1"]) {
      expect(() => dollarsToAtomic(bad), bad).toThrow();
    }
  });

  it("round-trips every atomic amount (no floating point involved)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (atomic) => {
        expect(dollarsToAtomic(atomicToDollars(atomic))).toBe(atomic);
      }),
    );
  });
});
