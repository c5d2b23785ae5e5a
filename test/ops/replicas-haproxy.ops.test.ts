// The production shape on one machine, for real: OpenStack Swift's S3 API (deploy/local/swift-up.sh),
// one shared `geo402 devnet`, two replicas each with its `geo402-ingest sync` sidecar, haproxy in
// front checking /readyz (deploy/local/replicas-up.sh). Under paid load through haproxy (official
// x402 client), a new dem version is published and every replica switches to it, then one replica
// is drained and restarted (deploy/local/replica.sh). No request may fail, and the payer pays on
// chain exactly the answers delivered. Skipped, with the reason printed, without Swift or haproxy.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { createPublicClient, erc20Abi, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFromEnv } from "../../ingest/publish/object-store.ts";
import { ARTIFACTS_DIR, builtFamily } from "../support/built-artifacts.ts";
import { ingestCli } from "../support/ingest-cli.ts";
import { payingFetch, REPO_ROOT } from "../support/service.ts";

const SCRIPTS = path.join(REPO_ROOT, "deploy/local");
const LB = 18640;
const REPLICA_BASE = 18650;
const REPLICAS = 2;
const adminUrl = (i: number) => `http://127.0.0.1:${REPLICA_BASE + 100 + i}`;
const ELEVATION = `http://127.0.0.1:${LB}/v1/elevation?lat=59.654321&lon=-150.123456`;

function missingTools(): string | undefined {
  const need = ["haproxy", "swift-proxy-server", "memcached"];
  const absent = need.filter((b) => spawnSync("sh", ["-c", `command -v ${b}`]).status !== 0);
  if (absent.length === 0) return undefined;
  return `${absent.join(", ")} not installed (apt-get install haproxy swift swift-proxy swift-account swift-container swift-object python3-swift memcached)`;
}
const missing = missingTools();
if (missing) console.warn(`replicas-haproxy e2e skipped: ${missing}`);

interface Outcome {
  status: number;
  version: string | null;
  error?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readyz(i: number): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  try {
    const r = await fetch(`${adminUrl(i)}/readyz`);
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  } catch {
    return undefined; // not listening (stopped or starting)
  }
}

function demVersion(body: Record<string, unknown> | undefined): string | undefined {
  const families = (body?.families ?? []) as { family: string; version?: string }[];
  return families.find((f) => f.family === "dem")?.version;
}

describe.skipIf(missing !== undefined)(
  "replicas behind haproxy, artifacts from Swift, under paid load",
  () => {
    let work: string;
    let env: NodeJS.ProcessEnv;
    let publisher: string;
    let v1: string;
    let v2: string;
    let devnet: {
      rpcUrl: string;
      asset: `0x${string}`;
      payTo: `0x${string}`;
      payerPrivateKey: `0x${string}`;
    };

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), "geo402-replicas-e2e-"));
      env = {
        ...process.env,
        GEO402_SWIFT_STATE: path.join(work, "swift"),
        GEO402_SWIFT_PORT: "18630",
        GEO402_REPLICAS_STATE: path.join(work, "replicas"),
        GEO402_REPLICAS: String(REPLICAS),
        GEO402_LB_PORT: String(LB),
        GEO402_REPLICA_PORT: String(REPLICA_BASE),
        GEO402_SYNC_INTERVAL_S: "1",
        GEO402_DATA_POLL_MS: "500",
        LOG_LEVEL: "info",
      };
      const swift = execFileSync(path.join(SCRIPTS, "swift-up.sh"), { env, encoding: "utf8" });
      for (const m of swift.matchAll(/^export (\w+)=(.*)$/gm)) env[m[1]!] = m[2]!;
      env.GEO402_S3_BUCKET = "geo402-replicas-e2e";
      const store = storeFromEnv(env);
      // On a loaded machine the SDK may retry a slow create, whose second attempt finds it made.
      await store.client.send(new CreateBucketCommand({ Bucket: store.bucket })).catch((err: Error) => {
        if (err.name !== "BucketAlreadyOwnedByYou") throw err;
      });

      // The publisher's artifacts: every built family as is, and dem with a second version (the same
      // outputs relabelled) that becomes current later.
      publisher = path.join(work, "publisher");
      await mkdir(publisher);
      for (const entry of await readdir(ARTIFACTS_DIR, { withFileTypes: true })) {
        if (entry.isFile() || entry.name === "format" || entry.name === "dem") continue;
        await symlink(path.join(ARTIFACTS_DIR, entry.name), path.join(publisher, entry.name));
      }
      const built = await builtFamily("dem");
      v1 = built.version;
      v2 = `${v1.split("-")[0]!.replace(/\d+$/, (n) => String(Number(n) + 1))}-0123456789ab`;
      const dem = path.join(publisher, "dem");
      await cp(built.dir, path.join(dem, v1), { recursive: true });
      await cp(built.dir, path.join(dem, v2), { recursive: true });
      const m2 = JSON.parse(await readFile(path.join(dem, v2, "manifest.json"), "utf8"));
      await writeFile(path.join(dem, v2, "manifest.json"), JSON.stringify({ ...m2, version: v2 }));
      await symlink(v1, path.join(dem, "current"));
      const published = await cli("publish", "all", "--out", publisher);
      expect(published.code, published.err).toBe(0);

      execFileSync(path.join(SCRIPTS, "replicas-up.sh"), { env, encoding: "utf8" });
      devnet = JSON.parse(await readFile(path.join(work, "replicas/devnet/devnet.json"), "utf8"));
    }, 420_000);

    afterAll(async () => {
      if (!work) return;
      spawnSync(path.join(SCRIPTS, "replicas-down.sh"), { env, stdio: "inherit" });
      spawnSync(path.join(SCRIPTS, "swift-down.sh"), { env, stdio: "inherit" });
      await rm(work, { recursive: true, force: true });
    });

    const cli = (...argv: string[]) => ingestCli(env, ...argv);

    it("publishes a version and drains and restarts a replica with zero failed requests, charging exactly the answers", async () => {
      const chain = createPublicClient({ transport: http(devnet.rpcUrl) });
      const balance = (who: `0x${string}`) =>
        chain.readContract({ address: devnet.asset, abi: erc20Abi, functionName: "balanceOf", args: [who] });
      const payer = privateKeyToAccount(devnet.payerPrivateKey).address;
      const quote = await fetch(ELEVATION);
      expect(quote.status).toBe(402);
      const price = BigInt(
        decodePaymentRequiredHeader(quote.headers.get("payment-required")!).accepts[0]!.amount,
      );
      for (let i = 1; i <= REPLICAS; i++) expect(demVersion((await readyz(i))?.body)).toBe(v1);
      const payerBefore = await balance(payer);
      const payToBefore = await balance(devnet.payTo);

      // Paid load: three clients in a loop through haproxy until the scenario is over.
      const pay = payingFetch(devnet.payerPrivateKey);
      const outcomes: Outcome[] = [];
      let loading = true;
      const client = async () => {
        while (loading) {
          try {
            const r = await pay(ELEVATION);
            const body = await r.text();
            outcomes.push({
              status: r.status,
              version: r.headers.get("x-data-version"),
              ...(r.status === 200 ? {} : { error: body.slice(0, 300) }),
            });
          } catch (err) {
            outcomes.push({ status: 0, version: null, error: String(err) });
          }
        }
      };
      const clients = [client(), client(), client()];
      await sleep(2_000);

      // (a) A new dem version becomes current at the publisher and is published; every replica's
      // sidecar downloads it and the replica switches to it.
      await unlink(path.join(publisher, "dem/current"));
      await symlink(v2, path.join(publisher, "dem/current"));
      const published = await cli("publish", "dem", "--out", publisher);
      expect(published.out).toContain(`dem: ${v2} uploaded`);
      const switchedBy = Date.now() + 60_000;
      const switched = new Set<number>();
      while (switched.size < REPLICAS && Date.now() < switchedBy) {
        for (let i = 1; i <= REPLICAS; i++) if (demVersion((await readyz(i))?.body) === v2) switched.add(i);
        await sleep(250);
      }
      expect([...switched].sort()).toEqual([1, 2]);
      const afterSwitch = outcomes.length;

      // (b) Replica 1 drains and restarts while the load goes on: its /readyz turns 503 (draining)
      // while the process still runs, haproxy stops sending to it, the answers in flight finish.
      const seen: string[] = [];
      let watching = true;
      const watch = (async () => {
        while (watching) {
          const r = await readyz(1);
          const state = r === undefined ? "down" : r.body.draining ? "draining" : String(r.status);
          if (seen.at(-1) !== state) seen.push(state);
          await sleep(100);
        }
      })();
      await promisify(execFile)(path.join(SCRIPTS, "replica.sh"), ["restart", "1"], {
        env,
        timeout: 180_000,
      });
      watching = false;
      await watch;
      expect(seen).toContain("draining");
      expect(seen.indexOf("draining")).toBeLessThan(seen.lastIndexOf("down"));
      const restarted = await readyz(1);
      expect(restarted?.status).toBe(200);
      expect(demVersion(restarted?.body)).toBe(v2);
      await sleep(2_000); // haproxy sends to the restarted replica again
      loading = false;
      await Promise.all(clients);

      const failed = outcomes.filter((o) => o.status !== 200);
      expect(failed).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(afterSwitch);
      // Once both replicas had switched, every answer was computed on the new version (but for the
      // three that may have been quoted just before).
      expect(outcomes.slice(afterSwitch + 3).every((o) => o.version === `dem@${v2}`)).toBe(true);
      const answered = BigInt(outcomes.length);
      expect(payerBefore - (await balance(payer))).toBe(price * answered);
      expect((await balance(devnet.payTo)) - payToBefore).toBe(price * answered);
      const log = await readFile(path.join(work, "replicas/log/replica-1.log"), "utf8");
      expect(log).toContain("draining: /readyz answers 503, the API still serves");
      console.log(
        `replicas-haproxy: ${outcomes.length} paid answers (${afterSwitch} before every replica switched), readiness of replica 1: ${seen.join(" → ")}`,
      );
    }, 480_000);
  },
);
