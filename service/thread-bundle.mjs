// A worker thread's TypeScript entry, run from the sources (`npm run dev`, tests): loaded module by
// module through tsx, a compute worker or the facilitator thread took seconds of CPU to start
// (Node 20 resolves and transforms each of its hundreds of modules on the loader's own thread,
// one message per module), once per thread and per service. So the entry is bundled with esbuild
// the way `npm run build` bundles it, into build/threads/ (two folders deep like build/service/,
// so the bundle finds the project as the built one does), and the bundle is reused by every
// thread and every process until one of its input files changes (size or mtime, recorded beside
// it). Plain JavaScript: it runs before any TypeScript loader. The built service never loads it.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIR = path.join(ROOT, "build", "threads");
/** The options of `npm run build` (package.json) for one entry, without code splitting. */
const OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: ["geos-wasm", "piscina", "esbuild"],
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  logLevel: "warning",
};

const stamp = (file) => {
  const s = statSync(path.join(ROOT, file));
  return [s.size, s.mtimeMs];
};

/** Writes through a private temporary file and a rename: threads and processes race here. */
function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** The current bundle of `entry` (a .ts file URL), built when missing or older than its inputs. */
export async function threadBundle(entry) {
  const name = path.basename(fileURLToPath(entry), ".ts");
  const record = path.join(DIR, `${name}.inputs.json`);
  try {
    const { bundle, inputs } = JSON.parse(readFileSync(record, "utf8"));
    const fresh = Object.entries(inputs).every(([file, [size, mtime]]) => {
      const [s, m] = stamp(file);
      return s === size && m === mtime;
    });
    if (fresh && existsSync(path.join(DIR, bundle))) return pathToFileURL(path.join(DIR, bundle)).href;
  } catch {
    // No record yet, or an input is gone: build.
  }
  const started = Date.now();
  const { build } = await import("esbuild");
  const out = await build({
    ...OPTIONS,
    entryPoints: [fileURLToPath(entry)],
    absWorkingDir: ROOT,
    metafile: true,
    write: false,
  });
  const text = out.outputFiles[0].text;
  const bundle = `${name}-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.mjs`;
  mkdirSync(DIR, { recursive: true });
  if (!existsSync(path.join(DIR, bundle))) writeAtomically(path.join(DIR, bundle), text);
  const inputs = Object.fromEntries(Object.keys(out.metafile.inputs).map((file) => [file, stamp(file)]));
  // A file changed while esbuild read it may be in the bundle as it was before: record nothing then.
  if (Object.values(inputs).every(([, mtime]) => mtime < started))
    writeAtomically(record, JSON.stringify({ bundle, inputs }));
  return pathToFileURL(path.join(DIR, bundle)).href;
}
