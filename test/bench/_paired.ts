// CPU time of a call and of a call beside its peer, for the benches that set geo402's kernels
// against the engine underneath: process.cpuUsage (user + system), so the time other processes
// take from this one on a shared machine is not counted; paired rounds, the order flipping each
// round, so what load remains hits both sides alike.

/** Paired rounds per row (BENCH_ROUNDS to shorten a run on a shared machine). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

export type Call = () => unknown;

/** CPU ms per call over `calls` calls (a promise a call returns is awaited, no other call waits). */
export async function cpuMsPerCall(fn: Call, calls: number): Promise<number> {
  const c = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const r = fn();
    if (r instanceof Promise) await r;
  }
  const u = process.cpuUsage(c);
  return (u.user + u.system) / 1000 / calls;
}

export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;

/** Warms `fn` up (JIT, caches) for up to 200 calls or 1 s of CPU, and answers calls for ~20 ms of CPU. */
export async function warm(fn: Call): Promise<number> {
  const c = process.cpuUsage();
  for (let i = 0; i < 200; i++) {
    await fn();
    const u = process.cpuUsage(c);
    if (u.user + u.system > 1_000_000) break;
  }
  return Math.max(1, Math.round(20 / Math.max(await cpuMsPerCall(fn, 3), 1e-3)));
}

/** Median CPU ms per call of each side and the median per-round ratio (ours / peer). */
export async function paired(
  ours: Call,
  peer: Call,
  rounds = ROUNDS,
): Promise<{ ours: number; peer: number; ratio: number }> {
  // calls per round: enough for about 20 ms of the slower side
  const calls = Math.min(await warm(ours), await warm(peer));
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let x: number;
    let y: number;
    if (r % 2 === 0) {
      x = await cpuMsPerCall(ours, calls);
      y = await cpuMsPerCall(peer, calls);
    } else {
      y = await cpuMsPerCall(peer, calls);
      x = await cpuMsPerCall(ours, calls);
    }
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  return { ours: median(a), peer: median(b), ratio: median(ratios) };
}

/** A figure in ms with 2 decimals, or 2 significant digits under 0.1. */
export const ms = (x: number): string => (x < 0.1 ? x.toPrecision(2) : x.toFixed(2));
