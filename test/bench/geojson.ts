// GeoJSON validation benchmark: geo402's validate (and repair) against @placemarkio/check-geojson
// and @turf/boolean-valid (and @mapbox/geojson-rewind for repair) on the same documents in one run
// — a small feature, a 1 MiB FeatureCollection, a 100,000-vertex ring — plus how many verdicts of
// each peer suite every tool gets right. Prints markdown tables; asserts nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  checkGeojsonCases,
  geojsonhintCases,
  rfcExampleCases,
  type SuiteCase,
  VALIDITY_FILES,
  validityXmlCases,
} from "../conformance/suites.ts";
import { scoreValidity } from "../conformance/validity-xml.ts";
import { circleRing, collectionOfSize, MIB, polygonFeature } from "../geojson/documents.ts";
import { TOOLS, type Tool } from "./_geojson-tools.ts";

const LIMIT_SECONDS = Number(process.env.BENCH_PEER_SECONDS ?? 60);
const dir = mkdtempSync(path.join(tmpdir(), "geo402-bench-geojson-"));

const square = (lon: number, lat: number, s: number) => [
  [lon, lat],
  [lon + s, lat],
  [lon + s, lat + s],
  [lon, lat + s],
  [lon, lat],
];
const documents: Array<{ name: string; doc: unknown; runs: number }> = [
  {
    name: "small feature (polygon with a hole)",
    doc: polygonFeature([square(10, 10, 1), [...square(10.2, 10.2, 0.3)].reverse()], 1),
    runs: 2000,
  },
  {
    name: "1 MiB FeatureCollection (polygons with holes)",
    doc: collectionOfSize(MIB, (i) => {
      const [lon, lat] = [(i % 300) - 150, Math.floor(i / 300) - 60];
      return polygonFeature([circleRing(40, lon, lat, 0.4), [...circleRing(12, lon, lat, 0.1)].reverse()], i);
    }),
    runs: 15,
  },
  { name: "100,000-vertex ring", doc: { type: "Polygon", coordinates: [circleRing(100_000)] }, runs: 7 },
];

interface Measure {
  ms?: number;
  valid?: boolean;
  note?: string;
}

function measure(tool: Tool, file: string, runs: number): Measure {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "_geojson-measure.ts"), tool, file, String(runs)],
    {
      encoding: "utf8",
      timeout: LIMIT_SECONDS * 1000,
    },
  );
  if (r.error || r.status !== 0)
    return { note: r.error ? `> ${LIMIT_SECONDS} s, stopped` : `failed (${r.stderr.trim().split("\n")[0]})` };
  return JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "{}");
}

const fmt = (m: Measure) =>
  m.ms === undefined
    ? (m.note ?? "?")
    : m.ms < 1
      ? `${(m.ms * 1000).toFixed(0)} µs`
      : `${m.ms.toFixed(1)} ms`;
const ratio = (peer: Measure, ours: Measure) =>
  ours.ms === undefined
    ? "?"
    : peer.ms === undefined
      ? `> ${((LIMIT_SECONDS * 1000) / ours.ms).toFixed(0)}×`
      : `${(peer.ms / ours.ms).toFixed(2)}×`;
const verdict = (m: Measure) => (m.valid === undefined ? "–" : m.valid ? "valid" : "invalid");

console.log("### Time per document (median, parse included; ratio = peer time / geo402 time)\n");
console.log(
  "| document | bytes | geo402 validate | check-geojson | ratio | @turf/boolean-valid | ratio | verdicts (geo402 / check-geojson / turf) |",
);
console.log("|---|---|---|---|---|---|---|---|");
const repairRows: string[] = [];
for (const d of documents) {
  const text = JSON.stringify(d.doc);
  const file = path.join(dir, `${d.name.replace(/\W+/g, "-")}.geojson`);
  writeFileSync(file, text);
  const ours = measure("geo402 validate", file, d.runs);
  const placemark = measure("check-geojson", file, d.runs);
  const turf = measure("@turf/boolean-valid", file, d.runs);
  console.log(
    `| ${d.name} | ${text.length} | ${fmt(ours)} | ${fmt(placemark)} | ${ratio(placemark, ours)} | ${fmt(turf)} | ${ratio(turf, ours)} | ${verdict(ours)} / ${verdict(placemark)} / ${verdict(turf)} |`,
  );
  const repair = measure("geo402 repair", file, d.runs);
  const rewind = measure("geojson-rewind", file, d.runs);
  repairRows.push(`| ${d.name} | ${fmt(repair)} | ${fmt(rewind)} | ${ratio(rewind, repair)} |`);
}
console.log("\n### Repair (geo402 repair does every check; geojson-rewind only rewinds, in place)\n");
console.log("| document | geo402 repair | @mapbox/geojson-rewind | ratio |\n|---|---|---|---|");
for (const row of repairRows) console.log(row);

const suites: Array<[string, SuiteCase[]]> = [
  ["geojsonhint (good + bad)", geojsonhintCases()],
  ["check-geojson (good + bad)", checkGeojsonCases()],
  ["RFC 7946 examples", rfcExampleCases()],
  ["JTS/GEOS polygon isValid (5 files)", VALIDITY_FILES.flatMap(([s, f]) => validityXmlCases(s, f))],
];
console.log("\n### Suite verdicts each tool gets right\n");
console.log(
  "| suite | cases | geo402 validate | check-geojson | @turf/boolean-valid |\n|---|---|---|---|---|",
);
for (const [name, cases] of suites) {
  const right = (tool: Tool) => cases.filter((c) => TOOLS[tool](c.text) === c.expectValid).length;
  console.log(
    `| ${name} | ${cases.length} | ${right("geo402 validate")} | ${right("check-geojson")} | ${right("@turf/boolean-valid")} |`,
  );
}
const xml = VALIDITY_FILES.flatMap(([s, f]) => validityXmlCases(s, f));
const geometric = scoreValidity(xml).agreeGeometric;
console.log(
  `| JTS/GEOS, geo402 with winding and range errors set aside | ${xml.length} | ${geometric} | – | – |`,
);
console.log(
  "\nJTS/GEOS expect OGC verdicts: winding is free there and their planar coordinates exceed ±180/±90, both errors under RFC 7946; see docs/geojson.md for the breakdown.",
);
