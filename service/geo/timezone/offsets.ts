// UTC offsets of an IANA zone at an instant, from the IANA rules compiled into Node's ICU, and
// the daylight-saving decision: the standard offset is the smallest offset measured over a
// window of 26 weeks either side of the instant (sampled weekly); the instant is in daylight
// time when its offset exceeds that, by dstOffsetSeconds.

const DAY_MS = 86_400_000;
export const DST_WINDOW_WEEKS = 26;

export interface ZoneTime {
  utcOffsetSeconds: number;
  standardOffsetSeconds: number;
  dst: boolean;
  dstOffsetSeconds: number;
}

/** One formatter per zone: the wall clock in that zone, 24-hour, to the second. */
export class ZoneClock {
  readonly #formats = new Map<string, Intl.DateTimeFormat>();

  #format(timeZone: string): Intl.DateTimeFormat {
    let f = this.#formats.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
      this.#formats.set(timeZone, f);
    }
    return f;
  }

  /** Offset in seconds (wall clock − UTC) of `timeZone` at `epochMs`. */
  offsetSeconds(timeZone: string, epochMs: number): number {
    const whole = Math.floor(epochMs / 1000) * 1000;
    const parts: Record<string, number> = {};
    for (const p of this.#format(timeZone).formatToParts(new Date(whole))) {
      if (p.type !== "literal") parts[p.type] = Number(p.value);
    }
    // Instants here lie in 1899–2101, so Date.UTC's two-digit-year rule never applies.
    const wall = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    return Math.round((wall - whole) / 1000);
  }

  /** Offset, standard offset and daylight-saving state of `timeZone` at `epochMs`. */
  zoneTime(timeZone: string, epochMs: number): ZoneTime {
    const utcOffsetSeconds = this.offsetSeconds(timeZone, epochMs);
    let standard = utcOffsetSeconds;
    for (let w = -DST_WINDOW_WEEKS; w <= DST_WINDOW_WEEKS; w++) {
      if (w !== 0) standard = Math.min(standard, this.offsetSeconds(timeZone, epochMs + w * 7 * DAY_MS));
    }
    return {
      utcOffsetSeconds,
      standardOffsetSeconds: standard,
      dst: utcOffsetSeconds > standard,
      dstOffsetSeconds: utcOffsetSeconds - standard,
    };
  }
}

/** "+05:30", "-08:00", "+00:00"; seconds appended only when the offset has them ("+00:19:32"). */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? "-" : "+";
  const abs = Math.abs(seconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, "0");
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, "0");
  const ss = abs % 60;
  return `${sign}${hh}:${mm}${ss ? `:${String(ss).padStart(2, "0")}` : ""}`;
}

/** ISO 8601 without milliseconds when they are zero. */
function isoSeconds(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

/** The instant as UTC ISO 8601, e.g. "2026-03-08T11:00:00Z". */
export function formatInstant(epochMs: number): string {
  return isoSeconds(epochMs);
}

/** Wall-clock time with its offset, e.g. "2026-03-08T03:00:00-08:00". */
export function formatLocalTime(epochMs: number, offsetSeconds: number): string {
  return `${isoSeconds(epochMs + offsetSeconds * 1000).slice(0, -1)}${formatOffset(offsetSeconds)}`;
}
