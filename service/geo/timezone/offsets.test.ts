import { describe, expect, it } from "vitest";
import { formatLocalTime, formatOffset, ZoneClock } from "./offsets.ts";

const clock = new ZoneClock();
const at = (iso: string) => Date.parse(iso);

describe("zone offsets and daylight saving (IANA rules via ICU)", () => {
  it("America/Anchorage spring 2026: 01:59:59 AKST, then 03:00 AKDT at 2026-03-08T11:00Z", () => {
    expect(clock.zoneTime("America/Anchorage", at("2026-03-08T10:59:59Z"))).toEqual({
      utcOffsetSeconds: -32400,
      standardOffsetSeconds: -32400,
      dst: false,
      dstOffsetSeconds: 0,
    });
    expect(clock.zoneTime("America/Anchorage", at("2026-03-08T11:00:00Z"))).toEqual({
      utcOffsetSeconds: -28800,
      standardOffsetSeconds: -32400,
      dst: true,
      dstOffsetSeconds: 3600,
    });
  });

  it("America/Anchorage autumn 2026: daylight until 2026-11-01T10:00Z", () => {
    expect(clock.zoneTime("America/Anchorage", at("2026-11-01T09:59:59Z")).dst).toBe(true);
    expect(clock.zoneTime("America/Anchorage", at("2026-11-01T10:00:00Z"))).toEqual({
      utcOffsetSeconds: -32400,
      standardOffsetSeconds: -32400,
      dst: false,
      dstOffsetSeconds: 0,
    });
  });

  it("America/Adak 2026: HST −10 to HDT −9 at 12:00Z on 8 March, back at 11:00Z on 1 November", () => {
    expect(clock.zoneTime("America/Adak", at("2026-03-08T11:59:59Z")).utcOffsetSeconds).toBe(-36000);
    expect(clock.zoneTime("America/Adak", at("2026-03-08T12:00:00Z"))).toEqual({
      utcOffsetSeconds: -32400,
      standardOffsetSeconds: -36000,
      dst: true,
      dstOffsetSeconds: 3600,
    });
    expect(clock.zoneTime("America/Adak", at("2026-11-01T10:59:59Z")).dst).toBe(true);
    expect(clock.zoneTime("America/Adak", at("2026-11-01T11:00:00Z"))).toMatchObject({
      utcOffsetSeconds: -36000,
      dst: false,
    });
  });

  it("southern hemisphere (Australia/Sydney): daylight in January, standard in July", () => {
    expect(clock.zoneTime("Australia/Sydney", at("2026-01-15T00:00:00Z"))).toEqual({
      utcOffsetSeconds: 39600,
      standardOffsetSeconds: 36000,
      dst: true,
      dstOffsetSeconds: 3600,
    });
    expect(clock.zoneTime("Australia/Sydney", at("2026-07-15T00:00:00Z")).dst).toBe(false);
  });

  it("a zone without daylight saving (Asia/Kolkata +05:30) and a half-hour daylight shift (Australia/Lord_Howe)", () => {
    expect(clock.zoneTime("Asia/Kolkata", at("2026-06-01T00:00:00Z"))).toEqual({
      utcOffsetSeconds: 19800,
      standardOffsetSeconds: 19800,
      dst: false,
      dstOffsetSeconds: 0,
    });
    expect(clock.zoneTime("Australia/Lord_Howe", at("2026-01-15T00:00:00Z"))).toMatchObject({
      standardOffsetSeconds: 37800,
      dstOffsetSeconds: 1800,
      dst: true,
    });
  });

  it("nautical Etc/GMT+11 is UTC−11 all year", () => {
    expect(clock.zoneTime("Etc/GMT+11", at("2026-07-01T00:00:00Z"))).toEqual({
      utcOffsetSeconds: -39600,
      standardOffsetSeconds: -39600,
      dst: false,
      dstOffsetSeconds: 0,
    });
  });

  it("second-precision historical offsets (Africa/Monrovia 1950, −00:44:30)", () => {
    const t = clock.zoneTime("Africa/Monrovia", at("1950-06-01T00:00:00Z"));
    expect(t.utcOffsetSeconds).toBe(-2670);
    expect(formatOffset(t.utcOffsetSeconds)).toBe("-00:44:30");
  });

  it("formats offsets and local wall-clock time", () => {
    expect(formatOffset(-28800)).toBe("-08:00");
    expect(formatOffset(0)).toBe("+00:00");
    expect(formatOffset(20700)).toBe("+05:45");
    expect(formatLocalTime(at("2026-03-08T11:00:00Z"), -28800)).toBe("2026-03-08T03:00:00-08:00");
    expect(formatLocalTime(at("2026-03-08T11:00:00.250Z"), 19800)).toBe("2026-03-08T16:30:00.250+05:30");
  });
});
