// The `publish` and `sync` commands of geo402-ingest: output lines and exit codes around
// publish.ts and sync.ts. `sync` without --once polls every $GEO402_SYNC_INTERVAL_S seconds
// until SIGTERM/SIGINT.
import path from "node:path";
import type { FamilyBuilder } from "../lib/family.ts";
import type { ObjectStore } from "./object-store.ts";
import { publishFamily } from "./publish.ts";
import { syncFamily } from "./sync.ts";

interface Out {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

const DEFAULT_SYNC_INTERVAL_S = 30;

export async function publishCommand(
  store: ObjectStore,
  families: readonly FamilyBuilder[],
  outRoot: string,
  to: string | undefined,
  out: Out,
): Promise<number> {
  let failed = 0;
  for (const f of families) {
    try {
      const r = await publishFamily(store, path.join(outRoot, f.family), f.family, to);
      const what =
        r.uploaded > 0 ? `uploaded ${r.uploaded} objects` : "already in the store, nothing uploaded";
      out.stdout.write(
        `${f.family}: ${r.version} ${what}; pointer ${r.pointerMoved ? "moved to it" : "already on it"}\n`,
      );
    } catch (err) {
      failed++;
      out.stderr.write(`${f.family}: FAILED: ${(err as Error).message}\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}

export async function syncCommand(
  store: ObjectStore,
  families: readonly FamilyBuilder[],
  outRoot: string,
  opts: { once: boolean; intervalText: string | undefined; keep: number; log: (m: string) => void },
  out: Out,
): Promise<number> {
  const interval = Number(opts.intervalText ?? DEFAULT_SYNC_INTERVAL_S);
  if (!(interval > 0)) {
    out.stderr.write(`geo402-ingest: GEO402_SYNC_INTERVAL_S must be a positive number of seconds\n`);
    return 2;
  }
  const etags = new Map<string, string>();
  const poll = async (): Promise<number> => {
    let failed = 0;
    for (const f of families) {
      try {
        const prior = etags.get(f.family);
        const r = await syncFamily(store, outRoot, f.family, {
          ...(prior ? { etag: prior } : {}),
          keep: opts.keep,
          log: opts.log,
        });
        if (r.etag) etags.set(f.family, r.etag);
        if (r.status === "switched")
          out.stdout.write(`${f.family}: switched to ${r.version} (${r.downloaded} files downloaded)\n`);
        else if (opts.once)
          out.stdout.write(`${f.family}: ${r.status}${r.version ? ` (${r.version})` : ""}\n`);
      } catch (err) {
        failed++;
        out.stderr.write(`${f.family}: FAILED: ${(err as Error).message}\n`);
      }
    }
    return failed;
  };
  if (opts.once) return (await poll()) > 0 ? 1 : 0;
  let stopping = false;
  let wake: (() => void) | undefined;
  const stop = () => {
    stopping = true;
    wake?.();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  while (!stopping) {
    await poll();
    // A referenced timer: it is what keeps the sidecar alive between polls (an unref'd one let the
    // process exit after its first poll). stop() clears it.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, interval * 1000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
      if (stopping) wake();
    });
  }
  return 0;
}
