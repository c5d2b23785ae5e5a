// Refresh sanity of ENC inputs: a pinned cell passes and its own header gives the vintage
// ingest/enc/sources.ts pins; another cell's base file in its place is refused.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCES } from "../sources.ts";
import { encSanity } from "./enc-sanity.ts";
import { encCatalogSourceId, encCellSourceId } from "./sources.ts";

const ENC = path.join(
  process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared"),
  "data",
  "enc",
);
const inputsOf = (cell: string, base = cell) => ({
  [encCellSourceId(cell)]: path.join(ENC, `${base}_ENC_ROOT`, base, `${base}.000`),
  [encCatalogSourceId(cell)]: path.join(ENC, `${cell}_ENC_ROOT`, "CATALOG.031"),
});

describe("ENC sanity", () => {
  it("a pinned cell passes; edition, update and issue date read from the cell are the pinned vintage", async () => {
    const report = await encSanity(["US5AK5QF"], inputsOf("US5AK5QF"), [encCellSourceId("US5AK5QF")]);
    const pinned = SOURCES.find((s) => s.id === encCellSourceId("US5AK5QF"))?.vintage;
    expect(report.vintages?.[encCellSourceId("US5AK5QF")]).toBe(pinned);
  });

  it("another cell's base file in a cell's place is refused", async () => {
    await expect(
      encSanity(["US5AK5QF"], inputsOf("US5AK5QF", "US5AK5QG"), [encCellSourceId("US5AK5QF")]),
    ).rejects.toMatchObject({ code: "malformed" });
  });

  it("cells whose inputs did not change are not read", async () => {
    expect(await encSanity(["US5AK5QF"], {}, [])).toEqual({ vintages: {} });
  });
});
