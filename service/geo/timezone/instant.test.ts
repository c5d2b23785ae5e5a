import { describe, expect, it } from "vitest";
import type { Refusal } from "../refusal.ts";
import { parseInstant } from "./instant.ts";

function refusal(at: string): Refusal {
  try {
    parseInstant(at);
  } catch (err) {
    return err as Refusal;
  }
  throw new Error(`${at} was accepted`);
}

describe("the `at` instant", () => {
  it("accepts Z, ±hh:mm, ±hhmm, fractions and a minutes-only time", () => {
    expect(parseInstant("2026-03-08T11:00:00Z")).toBe(Date.UTC(2026, 2, 8, 11));
    expect(parseInstant("2026-03-08T03:00:00-08:00")).toBe(Date.UTC(2026, 2, 8, 11));
    expect(parseInstant("2026-03-08T16:30+0530")).toBe(Date.UTC(2026, 2, 8, 11));
    expect(parseInstant("2026-03-08T11:00:00.5Z")).toBe(Date.UTC(2026, 2, 8, 11, 0, 0, 500));
  });

  it("range edges: 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z in, one second outside refused", () => {
    expect(parseInstant("1900-01-01T00:00:00Z")).toBe(Date.UTC(1900, 0, 1));
    expect(parseInstant("2100-12-31T23:59:59Z")).toBe(Date.UTC(2100, 11, 31, 23, 59, 59));
    for (const at of [
      "1899-12-31T23:59:59Z",
      "2101-01-01T00:00:00Z",
      "1900-01-01T00:30:00+01:00",
      "0001-01-01T00:00:00Z",
      "9999-12-31T00:00:00Z",
    ]) {
      const err = refusal(at);
      expect(err.code).toBe("limit_exceeded");
      expect(err.details).toMatchObject({ field: "at", limit: { name: "atYear", max: 2100, unit: "year" } });
    }
  });

  it("refuses what is not an ISO 8601 instant with invalid_field", () => {
    for (const at of [
      "2026-03-08",
      "2026-03-08T11:00:00",
      "tomorrow",
      "2026-02-29T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-03-08T24:00:00Z",
      "2026-03-08T11:00:60Z",
      "1772960400",
      "",
    ]) {
      const err = refusal(at);
      expect(err.code).toBe("invalid_field");
      expect(err.details.field).toBe("at");
    }
    expect(parseInstant("2024-02-29T00:00:00Z")).toBe(Date.UTC(2024, 1, 29));
  });
});
