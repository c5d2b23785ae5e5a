// Progress of long steps: a redrawn bar on a terminal, plain periodic lines elsewhere (CI logs).

export interface ProgressOptions {
  /** Where lines go (default: process.stderr). */
  stream?: { write(text: string): unknown; isTTY?: boolean };
  /** Force the mode; default: bar when the stream is a TTY and CI is unset. */
  tty?: boolean;
  /** Milliseconds between plain lines (default 5000) or bar redraws (default 100). */
  intervalMs?: number;
  now?: () => number;
}

export type ProgressFn = (label: string, done: number, total?: number) => void;

function formatRate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)}M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k/s`;
  return `${perSecond.toFixed(0)}/s`;
}

/** A progress function that throttles output; a step's completion (done === total) is always shown. */
export function createProgress(options: ProgressOptions = {}): ProgressFn {
  const stream = options.stream ?? process.stderr;
  const tty = options.tty ?? (Boolean(stream.isTTY) && !process.env.CI);
  const interval = options.intervalMs ?? (tty ? 100 : 5000);
  const now = options.now ?? Date.now;
  const steps = new Map<string, { start: number; last: number }>();
  return (label, done, total) => {
    const t = now();
    let step = steps.get(label);
    if (!step) {
      step = { start: t, last: Number.NEGATIVE_INFINITY };
      steps.set(label, step);
    }
    const finished = total !== undefined && done >= total;
    if (!finished && t - step.last < interval) return;
    step.last = t;
    const seconds = Math.max((t - step.start) / 1000, 1e-3);
    const rate = formatRate(done / seconds);
    const counts = total === undefined ? `${done}` : `${done}/${total}`;
    if (tty) {
      const width = 30;
      const fill = total ? Math.round((Math.min(done, total) / total) * width) : 0;
      const bar = total ? `[${"#".repeat(fill)}${".".repeat(width - fill)}] ` : "";
      stream.write(`\r${label} ${bar}${counts} ${rate}\x1b[K${finished ? "\n" : ""}`);
    } else {
      const pct = total ? ` (${((100 * Math.min(done, total)) / total).toFixed(1)}%)` : "";
      stream.write(`${label}: ${counts}${pct} ${rate} ${seconds.toFixed(1)}s\n`);
    }
    if (finished) steps.delete(label);
  };
}
