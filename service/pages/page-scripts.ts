// The pages' scripts, served from the service's own origin (their CSP says script-src 'self').
// `npm run build` bundles them into build/pages/ beside the bundled service, which reads them
// from there; run from source (tsx, tests), the service bundles a page on its first request with
// esbuild (a devDependency, which the bundled service never loads).
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { PAYWALL_SCRIPT } from "../payment/paywall.ts";

/** Served path → browser entry (under service/pages/). */
export const PAGE_SCRIPTS: Record<string, string> = {
  [PAYWALL_SCRIPT]: "paywall-page.ts",
};

const FROM_SOURCE = import.meta.url.endsWith(".ts");

async function load(entry: string): Promise<string> {
  if (!FROM_SOURCE)
    return readFile(path.join(import.meta.dirname, "../pages", entry.replace(/\.ts$/, ".js")), "utf8");
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, entry)],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "chrome120",
    minify: true,
    write: false,
    logLevel: "warning",
  });
  return out.outputFiles[0]?.text ?? "";
}

export function registerPageScripts(app: FastifyInstance): void {
  const scripts = new Map<string, Promise<string>>();
  for (const [served, entry] of Object.entries(PAGE_SCRIPTS)) {
    app.get(served, async (_req, reply) => {
      let script = scripts.get(served);
      if (!script) {
        script = load(entry);
        scripts.set(served, script);
        script.catch(() => scripts.delete(served));
      }
      return reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await script);
    });
  }
}
