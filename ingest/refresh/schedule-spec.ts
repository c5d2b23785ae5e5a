// GEO402_REFRESH_CRON: when each family is refreshed. Either one cron expression for every family
// ("0 3 * * *"), or `family=expression` pairs separated by `;` ("timezone=0 3 * * *;crs=0 4 * * 1"),
// where `all=expression` sets the default of families not named. Expressions are node-cron's:
// 5 fields (minute hour day-of-month month day-of-week) or 6 with seconds first.
import cron from "node-cron";

export interface FamilySchedule {
  family: string;
  expression: string;
}

export class ScheduleSpecError extends Error {}

export function parseRefreshCron(text: string, families: readonly string[]): FamilySchedule[] {
  const problems: string[] = [];
  const trimmed = text.trim();
  if (trimmed === "") throw new ScheduleSpecError("GEO402_REFRESH_CRON is empty");
  const byFamily = new Map<string, string>();
  let fallback: string | undefined;
  if (!trimmed.includes("=")) {
    fallback = trimmed;
  } else {
    for (const part of trimmed
      .split(";")
      .map((p) => p.trim())
      .filter((p) => p !== "")) {
      const eq = part.indexOf("=");
      const name = part.slice(0, eq).trim();
      const expression = part.slice(eq + 1).trim();
      if (eq < 0 || name === "" || expression === "") {
        problems.push(`"${part}" is not family=expression`);
      } else if (name === "all") {
        if (fallback !== undefined) problems.push("all= is given twice");
        fallback = expression;
      } else if (!families.includes(name)) {
        problems.push(`unknown family "${name}" (known: ${families.join(", ")})`);
      } else if (byFamily.has(name)) {
        problems.push(`${name}= is given twice`);
      } else {
        byFamily.set(name, expression);
      }
    }
  }
  const schedules: FamilySchedule[] = [];
  for (const family of families) {
    const expression = byFamily.get(family) ?? fallback;
    if (expression !== undefined) schedules.push({ family, expression });
  }
  for (const s of new Set([...byFamily.values(), ...(fallback ? [fallback] : [])])) {
    if (!cron.validate(s)) problems.push(`"${s}" is not a cron expression`);
  }
  if (problems.length > 0) throw new ScheduleSpecError(`GEO402_REFRESH_CRON: ${problems.join("; ")}`);
  return schedules;
}
