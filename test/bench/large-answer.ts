// Large answers off the main thread (issue 30, Build 3): `GET /` latency on an idle service, then
// while paid 16 MB answers are sent one after another (`POST /v1/h3/index`, 10,000 points at four
// resolutions with centres and boundaries, from a request of about 0.4 MB). The answer is
// serialized in its compute worker and crosses as one string (service/compute/worker.ts). The
// service runs in its own process (bin/geo402-serve on the devnet), this process is the client.
// Prints markdown for docs/reliability.md; measures, never asserts.
// BENCH_LARGE_SAMPLES (default 300) idle `GET /` requests, one at a time; loaded, `GET /` one at a
// time for as long as BENCH_LARGE_ANSWERS (default 3) answers are computed and sent.
import path from "node:path";
import { devnetPayer, presign, root, start, stop } from "./_service-process.ts";

const SAMPLES = Number(process.env.BENCH_LARGE_SAMPLES ?? 300);
/** Large answers sent during the loaded measurement (BENCH_LARGE_ANSWERS). */
const ANSWERS = Number(process.env.BENCH_LARGE_ANSWERS ?? 3);
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

const points = Array.from({ length: 10_000 }, (_, i) => [
  -150 + (i % 100) * 0.01,
  61 + Math.floor(i / 100) * 0.01,
]);
const body = JSON.stringify({
  points,
  resolutions: [15, 14, 13, 12],
  includeCenter: true,
  includeBoundary: true,
});

const svc = await start("geo402", { command: path.join(root, "bin/geo402-serve"), args: [] });
try {
  const op = {
    url: `${svc.url}/v1/h3/index`,
    init: { method: "POST", headers: { "content-type": "application/json" }, body },
  };
  const payments = await presign(devnetPayer(svc), op, ANSWERS);
  let sending = true;
  /** `GET /` one at a time, `n` times or, without `n`, until `sending` ends. */
  const rootLatencies = async (n?: number) => {
    const xs: number[] = [];
    while (n === undefined ? sending : xs.length < n) {
      const t = performance.now();
      await (await fetch(`${svc.url}/`)).arrayBuffer();
      xs.push(performance.now() - t);
    }
    return xs;
  };
  const idle = await rootLatencies(SAMPLES);
  const sizes: number[] = [];
  const statuses = new Map<number, number>();
  const sender = (async () => {
    for (const headers of payments) {
      const r = await fetch(op.url, { ...op.init, headers: { ...op.init.headers, ...headers } });
      const bytes = (await r.arrayBuffer()).byteLength;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status === 200) sizes.push(bytes);
    }
    sending = false;
  })();
  const t0 = performance.now();
  const loaded = await rootLatencies();
  const seconds = (performance.now() - t0) / 1000;
  await sender;

  const mb = sizes.length ? (sizes.reduce((a, b) => a + b, 0) / sizes.length / 1e6).toFixed(1) : "—";
  console.log(
    `Sequential \`GET /\`: ${idle.length} idle, ${loaded.length} while ${ANSWERS} paid \`POST /v1/h3/index\` answers of ${mb} MB (request ${(body.length / 1e6).toFixed(2)} MB) were computed and sent, one after another.\n`,
  );
  console.log("| `GET /` | p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|");
  for (const [what, xs] of [
    ["idle", idle],
    ["while large answers are sent", loaded],
  ] as const)
    console.log(
      `| ${what} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.99).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`,
    );
  console.log(
    `\nlarge answers: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(", ")} in the ${seconds.toFixed(0)} s loaded measurement (goal: loaded p99 < 100 ms)`,
  );
} finally {
  await stop(svc);
}
