// Loads the peer conformance suites in ../shared/testsuites for the GeoJSON validator: their
// documents and the verdict each suite expects. Shared by the conformance tests and the benchmark.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parsePolygonalWkt } from "./wkt-polygon.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SHARED = process.env.GEO402_SHARED ?? path.resolve(repoRoot, "../shared");
export const SUITES_DIR = path.join(SHARED, "testsuites");

export interface SuiteCase {
  suite: string;
  name: string;
  /** The document text as the suite ships it (may be unparseable on purpose). */
  text: string;
  /** The suite's verdict. */
  expectValid: boolean;
  /** Set for the JTS/GEOS cases, whose documents are built from WKT. */
  doc?: unknown;
}

function dirCases(suite: string, dir: string, expectValid: boolean): SuiteCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".geojson"))
    .sort()
    .map((f) => ({
      suite,
      name: f.replace(/\.geojson$/, ""),
      text: readFileSync(path.join(dir, f), "utf8"),
      expectValid,
    }));
}

export function geojsonhintCases(): SuiteCase[] {
  const base = path.join(SUITES_DIR, "geojson/geojsonhint/data");
  return [
    ...dirCases("geojsonhint", path.join(base, "good"), true),
    ...dirCases("geojsonhint", path.join(base, "bad"), false),
  ];
}

export function checkGeojsonCases(): SuiteCase[] {
  const base = path.join(SUITES_DIR, "geojson/check-geojson/fixture");
  return [
    ...dirCases("check-geojson", path.join(base, "good"), true),
    ...dirCases("check-geojson", path.join(base, "bad"), false),
  ];
}

/** RFC 7946 examples: all are meant as valid GeoJSON. */
export function rfcExampleCases(): SuiteCase[] {
  return dirCases("rfc7946", path.join(SUITES_DIR, "geojson/rfc7946-examples"), true);
}

export interface RewindCase {
  name: string;
  input: unknown;
  output: unknown;
}

export function rewindCases(): RewindCase[] {
  const dir = path.join(SUITES_DIR, "geojson/geojson-rewind/fixture");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".input.geojson"))
    .sort()
    .map((f) => {
      const name = f.replace(/\.input\.geojson$/, "");
      const read = (suffix: string) =>
        JSON.parse(readFileSync(path.join(dir, `${name}.${suffix}.geojson`), "utf8"));
      return { name, input: read("input"), output: read("output") };
    });
}

/** The polygonal isValid cases of one xmltester file. */
export function validityXmlCases(suite: string, file: string): SuiteCase[] {
  const xml = readFileSync(path.join(SUITES_DIR, file), "utf8");
  const out: SuiteCase[] = [];
  let n = 0;
  for (const m of xml.matchAll(/<case>([\s\S]*?)<\/case>/g)) {
    n++;
    const body = m[1] as string;
    const wkt = /<a>([\s\S]*?)<\/a>/.exec(body)?.[1]?.trim() ?? "";
    const verdict = /<op name="isValid"[^>]*>\s*(true|false)\s*<\/op>/.exec(body)?.[1];
    if (!verdict || !/^(MULTI)?POLYGON\b/i.test(wkt)) continue;
    const desc = /<desc>([\s\S]*?)<\/desc>/.exec(body)?.[1]?.trim() ?? "";
    const doc = parsePolygonalWkt(wkt);
    out.push({
      suite,
      name: `#${n} ${desc}`,
      text: JSON.stringify(doc),
      expectValid: verdict === "true",
      doc,
    });
  }
  return out;
}

export const VALIDITY_FILES = [
  ["jts TestValid", "jts/general/TestValid.xml"],
  ["jts TestValid2", "jts/general/TestValid2.xml"],
  ["jts TestInvalidA", "jts/misc/TestInvalidA.xml"],
  ["geos TestValid", "geos/general/TestValid.xml"],
  ["geos TestIsValid", "geos/misc/TestIsValid.xml"],
] as const;
