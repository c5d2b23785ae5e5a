import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COP_FILE, HGT_FILE, SHARED } from "../../test/dem/dem-test-artifacts.ts";
import { demFamily } from "./family.ts";

const inputs = (hgt: string) => ({
  "dem-viewfinderpanoramas-n59w151": hgt,
  "dem-copernicus-glo30-healy-crop": COP_FILE,
  "census-state-500k-2024-geojson": path.join(
    SHARED,
    "data/census/state-500k-2024/state_500k_2024_USAboundariesData.DERIVED.geojson",
  ),
});

async function hgtOf(value: number): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "geo402-dem-sanity-")), "N59W151.hgt");
  const bytes = Buffer.alloc(1201 * 1201 * 2);
  for (let i = 0; i < 1201 * 1201; i++) bytes.writeInt16BE(value, 2 * i);
  await writeFile(file, bytes);
  return file;
}

describe("dem family refresh sanity", () => {
  it("accepts the pinned inputs", async () => {
    await expect(demFamily.sanity?.(inputs(HGT_FILE), [])).resolves.toEqual({});
  });
  it("refuses a block void throughout or with implausible heights", async () => {
    await expect(demFamily.sanity?.(inputs(await hgtOf(-32768)), [])).rejects.toThrow(/void throughout/);
    await expect(demFamily.sanity?.(inputs(await hgtOf(9000)), [])).rejects.toThrow(/implausible/);
  });
});
