// Refresh sanity of census inputs: the pinned 2024 files pass; the state layer given in place of
// the congressional districts is refused.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceById } from "../sources.ts";
import { censusFamily } from "./family.ts";

const DATA = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
);
const pinned = (): Record<string, string> =>
  Object.fromEntries(censusFamily.sources.map((id) => [id, path.join(DATA, sourceById(id).mirrorPath)]));

describe("census sanity", () => {
  it("the pinned 2024 boundaries pass (GEOIDs, coverage of the published states, unit counts)", async () => {
    await expect(censusFamily.sanity?.(pinned(), ["census-cd119-500k-2024-geojson"])).resolves.toEqual({});
  });

  it("the state layer in place of the congressional districts is refused", async () => {
    const inputs = {
      ...pinned(),
      "census-cd119-500k-2024-geojson": pinned()["census-state-500k-2024-geojson"] as string,
    };
    await expect(censusFamily.sanity?.(inputs, ["census-cd119-500k-2024-geojson"])).rejects.toThrow();
  });
});
