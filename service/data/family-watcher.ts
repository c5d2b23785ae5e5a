// Picks up a switched `current` without a restart: each family folder is watched (fs.watch) and
// polled, and SIGHUP (server.ts) asks for a check of every family. A new version is opened and
// checked completely before it replaces the old one in the DataRegistry; requests already
// reading the old one finish on it (registry views). A version that fails to open leaves the
// family on the version it had, and is not retried until `current` moves again or on SIGHUP.
import { existsSync, type FSWatcher, watch } from "node:fs";
import path from "node:path";
import { readCurrent } from "../../artifacts/format/current-pointer.ts";
import { type FamilyOpener, loadFamily } from "./families.ts";
import type { DataRegistry } from "./registry.ts";

export interface ReloadEvent {
  family: string;
  state: "switched" | "failed";
  from?: string;
  to?: string;
  reason?: string;
}

export interface FamilyWatcher {
  /** Checks every family now (SIGHUP), retrying versions that failed before; resolves with what changed. */
  reload(): Promise<ReloadEvent[]>;
  close(): void;
}

export interface WatchOptions {
  /** Milliseconds between polls of the `current` pointers; 0: only fs.watch and reload(). */
  pollMs: number;
  log(event: ReloadEvent): void;
}

export function watchFamilies(
  artifactsDir: string,
  registry: DataRegistry<object>,
  openers: readonly FamilyOpener<unknown>[],
  opts: WatchOptions,
): FamilyWatcher {
  const watchers = new Map<string, FSWatcher>();
  const running = new Map<string, Promise<ReloadEvent | undefined>>();
  /** Families asked for again while a check ran (value: whether failed versions are retried). */
  const again = new Map<string, boolean>();
  /** The version that last failed to open, per family (not retried until current moves). */
  const failed = new Map<string, string>();
  let closed = false;

  const check = async (opener: FamilyOpener<unknown>, retry: boolean): Promise<ReloadEvent | undefined> => {
    const family = opener.family;
    const target = await readCurrent(path.join(artifactsDir, family)).catch(() => undefined);
    const from = registry.version(family);
    if (closed || target === undefined || target === from || (!retry && failed.get(family) === target))
      return undefined;
    try {
      const loaded = await loadFamily(artifactsDir, opener);
      if (closed) {
        loaded.close?.();
        return undefined;
      }
      registry.set(family, loaded.version, loaded.value, loaded.close);
      failed.delete(family);
      return { family, state: "switched", ...(from ? { from } : {}), to: loaded.version };
    } catch (err) {
      failed.set(family, target);
      const reason = (err as Error).message;
      if (!from) registry.fail(family, reason);
      return { family, state: "failed", ...(from ? { from } : {}), to: target, reason };
    }
  };

  /** One check at a time per family; a request during a check runs once more after it, and gets that run's event. */
  const schedule = (opener: FamilyOpener<unknown>, retry = false): Promise<ReloadEvent | undefined> => {
    const family = opener.family;
    const busy = running.get(family);
    if (busy) {
      // The check in flight may have read `current` before this request: answer with the one after.
      again.set(family, retry || (again.get(family) ?? false));
      return busy.then(() => running.get(family));
    }
    const p = check(opener, retry)
      .then((event) => {
        if (event) opts.log(event);
        return event;
      })
      .finally(() => {
        running.delete(family);
        const rerun = again.get(family);
        again.delete(family);
        if (rerun !== undefined && !closed) void schedule(opener, rerun);
      });
    running.set(family, p);
    return p;
  };

  const ensureWatch = (opener: FamilyOpener<unknown>): void => {
    const dir = path.join(artifactsDir, opener.family);
    if (closed || watchers.has(opener.family) || !existsSync(dir)) return;
    try {
      const w = watch(dir, { persistent: false }, (_event, name) => {
        if (name === null || name === "current") void schedule(opener);
      });
      w.on("error", () => {
        w.close();
        watchers.delete(opener.family);
      });
      watchers.set(opener.family, w);
    } catch {
      // Not watchable here (e.g. some network file systems): polling and SIGHUP still work.
    }
  };

  const tick = () => {
    for (const o of openers) {
      ensureWatch(o);
      void schedule(o);
    }
  };
  for (const o of openers) ensureWatch(o);
  const timer = opts.pollMs > 0 ? setInterval(tick, opts.pollMs) : undefined;
  timer?.unref();

  return {
    async reload() {
      for (const o of openers) ensureWatch(o);
      const events = await Promise.all(openers.map((o) => schedule(o, true)));
      return events.filter((e): e is ReloadEvent => e !== undefined);
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
