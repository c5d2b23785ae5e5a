// Reads the recorded Census Geocoder answers of ../shared/testsuites/census/censusgeocode (VCR
// cassettes of fitnr/censusgeocode): every geographies answer with its coordinates, state and
// county, from JSON bodies (coordinates, address, onelineaddress) and the batch CSV body.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

export interface GeocoderAnswer {
  cassette: string;
  /** Vintage the Geocoder was asked for (from the request URI). */
  vintage: string;
  lon: number;
  lat: number;
  stateCode: string;
  countyGeoid: string;
}

interface Geographies {
  States?: { STATE?: string }[];
  Counties?: { GEOID?: string }[];
}

function fromGeographies(
  g: Geographies | undefined,
  lon: number,
  lat: number,
  base: Omit<GeocoderAnswer, "lon" | "lat" | "stateCode" | "countyGeoid">,
) {
  const state = g?.States?.[0]?.STATE;
  const county = g?.Counties?.[0]?.GEOID;
  return state && county ? [{ ...base, lon, lat, stateCode: state, countyGeoid: county }] : [];
}

function answersOf(body: string, base: { cassette: string; vintage: string }): GeocoderAnswer[] {
  if (body.trimStart().startsWith("{")) {
    const result = (JSON.parse(body) as { result: Record<string, unknown> }).result;
    const input = result.input as { location?: { x: number; y: number } };
    if (result.geographies && input.location) {
      return fromGeographies(result.geographies as Geographies, input.location.x, input.location.y, base);
    }
    const matches = (result.addressMatches ?? []) as {
      geographies?: Geographies;
      coordinates: { x: number; y: number };
    }[];
    return matches.flatMap((m) => fromGeographies(m.geographies, m.coordinates.x, m.coordinates.y, base));
  }
  // Batch CSV: "id","address","Match","Exact","matched","lon,lat","tigerId","side","state","county","tract","block"
  return body
    .split("\n")
    .map((line) => [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1]!))
    .filter((f) => f[2] === "Match" && f.length >= 10)
    .map((f) => {
      const [lon, lat] = f[5]!.split(",").map(Number) as [number, number];
      return { ...base, lon, lat, stateCode: f[8]!, countyGeoid: `${f[8]}${f[9]}` };
    });
}

/** Every recorded geographies answer, cassette by cassette. */
export function readGeocoderAnswers(dir: string): GeocoderAnswer[] {
  const out: GeocoderAnswer[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    // PyYAML closes some quoted bodies with `'}` at column 0, which YAML 1.2 parsers reject;
    // indenting that line changes nothing (leading spaces of a continuation line are folded away).
    const text = readFileSync(path.join(dir, file), "utf8").replace(/^'\}$/gm, "        '}");
    const doc = parse(text, { logLevel: "silent" }) as {
      interactions: { request: { uri: string }; response: { body: { string: string } } }[];
    };
    for (const i of doc.interactions) {
      if (!i.request.uri.includes("/geographies/")) continue;
      const vintage = new URL(i.request.uri).searchParams.get("vintage") ?? "sent in the request form";
      out.push(...answersOf(i.response.body.string, { cassette: file, vintage }));
    }
  }
  return out;
}
