// Replicas behind haproxy against one process without a balancer (npm run bench -- replicas):
// deploy/local/replicas-up.sh starts one shared devnet and three replicas; beside its haproxy this
// starts three more from the same configuration, balancing over the first 1, 2 and 3 replicas.
// Alternating rounds per target: unpaid (the 402 quote of GET /v1/elevation, autocannon c=16) and
// paid (pre-signed exact payments, concurrency 8). CPU-ms per request = CPU time of the replica
// processes and of that haproxy (/proc/<pid>/stat) over the round, divided by its answers; the
// devnet (chain + facilitator) is the same for every target and is reported apart.
// Needs haproxy (Debian package). Ratios, not absolute numbers: the machine is shared.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { exactSigner } from "../support/service.ts";
import { autocannon } from "./_service-process.ts";

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAID_PER_ROUND = Number(process.env.BENCH_PAID ?? 120);
const root = path.resolve(import.meta.dirname, "../..");
const LB = 18900;
const BASE = 18910;
const QUERY = "/v1/elevation?lat=59.654321&lon=-150.123456";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/** User + system CPU milliseconds so far of a process and its live children (anvil under the
 * devnet), in clock ticks of 10 ms on Linux. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(" ")
    .filter(Boolean);
  return (Number(fields[11]) + Number(fields[12])) * 10 + children.reduce((s, c) => s + cpuMs(Number(c)), 0);
}

const unpaidRound = async (url: string): Promise<number> =>
  (await autocannon(["-c", "16", "-d", String(ROUND_SECONDS), url])).requests.total;

interface Target {
  name: string;
  url: string;
  pids: number[];
}

async function main() {
  const state = mkdtempSync(path.join(tmpdir(), "geo402-bench-replicas-"));
  const env = {
    ...process.env,
    GEO402_REPLICAS_STATE: state,
    GEO402_REPLICAS: "3",
    GEO402_LB_PORT: String(LB),
    GEO402_REPLICA_PORT: String(BASE),
  };
  const extra: number[] = [];
  try {
    execFileSync(path.join(root, "deploy/local/replicas-up.sh"), {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const pids = readFileSync(path.join(state, "pids"), "utf8")
      .trim()
      .split("\n")
      .map((l) => l.split(" "));
    const pidOf = (name: string) => Number(pids.find((p) => p[1] === name)?.[0]);
    const replicas = [1, 2, 3].map((i) => pidOf(`replica-${i}`));
    const cfg = readFileSync(path.join(state, "haproxy.cfg"), "utf8");
    const targets: Target[] = [
      { name: "1 process, no balancer", url: `http://127.0.0.1:${BASE + 1}`, pids: [replicas[0]!] },
    ];
    for (const k of [1, 2, 3]) {
      // The same haproxy configuration, on its own port, with the first k servers.
      const lines = cfg
        .replace(`bind 127.0.0.1:${LB}`, `bind 127.0.0.1:${LB + k}`)
        .split("\n")
        .filter((l) => !/^\s+server r(\d+)/.test(l) || Number(/server r(\d+)/.exec(l)![1]) <= k);
      const file = path.join(state, `haproxy-${k}.cfg`);
      writeFileSync(file, lines.join("\n"));
      const p = spawn("haproxy", ["-f", file, "-db"], { stdio: "ignore" });
      extra.push(p.pid!);
      targets.push({
        name: `${k} replica${k > 1 ? "s" : ""} behind haproxy`,
        url: `http://127.0.0.1:${LB + k}`,
        pids: [...replicas.slice(0, k), p.pid!],
      });
    }
    await new Promise((r) => setTimeout(r, 3_000)); // first health checks

    const devnet = JSON.parse(readFileSync(path.join(state, "devnet/devnet.json"), "utf8"));
    const signer = exactSigner(devnet.payerPrivateKey);
    const quote = await fetch(`${targets[0]!.url}${QUERY}`);
    const terms = decodePaymentRequiredHeader(quote.headers.get("payment-required") ?? "");
    const paid = async (url: string): Promise<number> => {
      const headers: Record<string, string>[] = [];
      for (let i = 0; i < PAID_PER_ROUND; i++)
        headers.push(signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms)));
      let next = 0;
      let ok = 0;
      let refusal = "";
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < headers.length) {
            const r = await fetch(url, { headers: headers[next++] });
            const body = await r.text();
            if (r.status === 200) ok++;
            else refusal = `${r.status} ${body.slice(0, 200)}`;
          }
        }),
      );
      if (ok !== headers.length)
        throw new Error(`${headers.length - ok} paid requests failed at ${url}: ${refusal}`);
      return ok;
    };

    const devnetPid = pidOf("devnet");
    const results = new Map<
      string,
      { unpaid: { rps: number; cpu: number }[]; paid: { rps: number; cpu: number; devnetCpu: number }[] }
    >();
    for (const t of targets) results.set(t.name, { unpaid: [], paid: [] });
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const res = results.get(t.name)!;
        const measure = async (run: () => Promise<number>) => {
          const cpu0 = t.pids.reduce((s, p) => s + cpuMs(p), 0);
          const dev0 = cpuMs(devnetPid);
          const t0 = performance.now();
          const n = await run();
          const seconds = (performance.now() - t0) / 1000;
          const cpu = t.pids.reduce((s, p) => s + cpuMs(p), 0) - cpu0;
          return { rps: n / seconds, cpu: cpu / n, devnetCpu: (cpuMs(devnetPid) - dev0) / n };
        };
        res.unpaid.push(await measure(() => unpaidRound(`${t.url}${QUERY}`)));
        res.paid.push(await measure(() => paid(`${t.url}${QUERY}`)));
      }
    }

    const direct = results.get(targets[0]!.name)!;
    const med = (xs: { rps: number; cpu: number }[], k: "rps" | "cpu") => median(xs.map((x) => x[k]));
    console.log(
      `| GET ${QUERY}, ${ROUNDS} alternating rounds | unpaid 402 req/s (c=16) | ratio | CPU-ms/req | ratio | paid req/s (c=8, ${PAID_PER_ROUND}/round) | ratio | CPU-ms/paid req | ratio |`,
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const t of targets) {
      const r = results.get(t.name)!;
      const cells = [
        med(r.unpaid, "rps").toFixed(0),
        `${(med(r.unpaid, "rps") / med(direct.unpaid, "rps")).toFixed(2)}×`,
        med(r.unpaid, "cpu").toFixed(2),
        `${(med(r.unpaid, "cpu") / med(direct.unpaid, "cpu")).toFixed(2)}×`,
        med(r.paid, "rps").toFixed(1),
        `${(med(r.paid, "rps") / med(direct.paid, "rps")).toFixed(2)}×`,
        med(r.paid, "cpu").toFixed(2),
        `${(med(r.paid, "cpu") / med(direct.paid, "cpu")).toFixed(2)}×`,
      ];
      console.log(`| ${t.name} | ${cells.join(" | ")} |`);
    }
    const allPaid = [...results.values()].flatMap((r) => r.paid.map((p) => p.devnetCpu));
    console.log(
      `\ndevnet (anvil + facilitator) CPU-ms per paid request, all targets: ${median(allPaid).toFixed(2)}`,
    );
  } finally {
    for (const pid of extra) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    execFileSync(path.join(root, "deploy/local/replicas-down.sh"), { env, stdio: "inherit" });
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
