// The pages' scripts and stylesheets, served from the service's own origin (their CSPs say
// script-src / style-src 'self'). `npm run build` bundles each browser entry into build/pages/
// beside the bundled service (a .js, and a .css when the entry imports stylesheets), which reads
// them from there; run from source (tsx, tests), the service bundles an entry on its first request
// with esbuild (a devDependency, which the bundled service never loads), with the same options.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { PAYWALL_SCRIPT } from "../payment/paywall.ts";
import { EXPLORER_SCRIPT, EXPLORER_STYLE } from "./explorer.ts";

/** Served path → output of `npm run build` under build/pages/ (entry: the .ts of that name here). */
export const PAGE_ASSETS: Record<string, string> = {
  [PAYWALL_SCRIPT]: "paywall-page.js",
  [EXPLORER_SCRIPT]: "explorer-page.js",
  [EXPLORER_STYLE]: "explorer-page.css",
};

const FROM_SOURCE = import.meta.url.endsWith(".ts");

async function load(output: string): Promise<string> {
  if (!FROM_SOURCE) return readFile(path.join(import.meta.dirname, "../pages", output), "utf8");
  const ext = path.extname(output);
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, output.replace(/\.(js|css)$/, ".ts"))],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "chrome120",
    minify: true,
    loader: { ".png": "dataurl" },
    outdir: "pages",
    write: false,
    logLevel: "warning",
  });
  return out.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? "";
}

export function registerPageScripts(app: FastifyInstance): void {
  const assets = new Map<string, Promise<string>>();
  for (const [served, output] of Object.entries(PAGE_ASSETS)) {
    app.get(served, async (_req, reply) => {
      let asset = assets.get(served);
      if (!asset) {
        asset = load(output);
        assets.set(served, asset);
        asset.catch(() => assets.delete(served));
      }
      return reply
        .type(output.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=300")
        .send(await asset);
    });
  }
}
