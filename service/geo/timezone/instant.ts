// The `at` parameter: an ISO 8601 instant (date, time and a `Z` or ±hh:mm offset) between
// 1900-01-01T00:00:00Z (inclusive) and 2101-01-01T00:00:00Z (exclusive).
import { checkLimit, type Limit } from "../limit.ts";
import { Refusal } from "../refusal.ts";

export const AT_YEAR: Limit = {
  name: "atYear",
  min: 1900,
  max: 2100,
  unit: "year",
  detail: "`at` must lie between 1900-01-01T00:00:00Z and 2100-12-31T23:59:59Z",
};
export const AT_MIN_MS = Date.UTC(AT_YEAR.min as number, 0, 1);
export const AT_END_MS = Date.UTC(AT_YEAR.max + 1, 0, 1);
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

function invalid(reason: string): Refusal {
  return new Refusal("invalid_field", { field: "at", path: "at", reason });
}

/** Epoch milliseconds of `at`; throws invalid_field (bad form) or limit_exceeded (outside 1900–2100). */
export function parseInstant(at: string): number {
  const m = INSTANT.exec(at);
  if (!m)
    throw invalid(
      "must be an ISO 8601 instant with a time and a Z or ±hh:mm offset, e.g. 2026-03-08T10:30:00Z",
    );
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(m[6] ?? "0");
  const millis = Math.floor(Number(`0.${m[7] ?? "0"}`) * 1000);
  const daysInMonth =
    new Date(Date.UTC(2000, month, 0)).getUTCDate() + (month === 2 && !isLeap(year) ? -1 : 0);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) {
    throw invalid("the date or time is not a real calendar instant");
  }
  let offsetMinutes = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) throw invalid("the UTC offset is out of range");
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second, millis);
  const ms = wall.getTime() - offsetMinutes * 60_000;
  if (ms < AT_MIN_MS || ms >= AT_END_MS)
    checkLimit(AT_YEAR, new Date(ms).getUTCFullYear(), { field: "at", path: "at" });
  return ms;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
