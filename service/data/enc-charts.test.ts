// An unreadable chart object after start-up (a tile whose bytes no longer match their checksum)
// makes the marine routes answer 503 data_unavailable, never a guess.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MemorySource } from "../../artifacts/format/byte-source.ts";
import { ENC_CHARTS_FILE, EncChartsReader } from "../../artifacts/format/enc-charts-reader.ts";
import { entry, routeContext } from "../../test/marine/enc-test-context.ts";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { ApiError } from "../errors.ts";
import { ENC_FAMILY, EncCharts } from "./enc-charts.ts";
import { DataRegistry } from "./registry.ts";

/** The built container with every byte of its tile data area inverted (header, directory and metadata intact). */
async function corruptedCharts(): Promise<EncCharts> {
  const { dir } = await builtFamily(ENC_FAMILY);
  const bytes = Uint8Array.from(readFileSync(path.join(dir, ENC_CHARTS_FILE)));
  const view = new DataView(bytes.buffer);
  const dataStart = Number(view.getBigUint64(24, true));
  const directory = Number(view.getBigUint64(16, true));
  for (let i = dataStart; i < directory; i++) bytes[i] = (bytes[i] as number) ^ 0xff;
  return new EncCharts(await EncChartsReader.open(new MemorySource(bytes)), {
    version: "corrupted",
    retrievedAt: "2026-11-21",
  });
}

describe("unreadable chart tiles", () => {
  it("answer depth and hazards with 503 data_unavailable", async () => {
    const data = new DataRegistry();
    data.set(ENC_FAMILY, "corrupted", await corruptedCharts());
    for (const [route, query] of [
      ["/v1/marine/depth", { lat: 59.6033, lon: -151.4192 }],
      ["/v1/marine/hazards", { lat: 59.6033, lon: -151.4192, radius: 500 }],
    ] as const) {
      const err = await Promise.resolve()
        .then(() => entry(route).handler({ body: undefined, query }, routeContext(data)))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect([(err as ApiError).code, (err as ApiError).status]).toEqual(["data_unavailable", 503]);
    }
  });

  it("answer 503 when the enc family is not open at all", async () => {
    const err = await Promise.resolve()
      .then(() =>
        entry("/v1/marine/depth").handler(
          { body: undefined, query: { lat: 59.6, lon: -151.4 } },
          routeContext(new DataRegistry()),
        ),
      )
      .catch((e: unknown) => e);
    expect((err as ApiError).code).toBe("data_unavailable");
  });
});
