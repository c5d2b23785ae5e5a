import { mkdir, mkdtemp, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildFamily } from "../../ingest/lib/build.ts";
import { TEXT, textFamily, textSource } from "../../ingest/lib/test-fixtures/text-family.ts";
import { ApiError } from "../errors.ts";
import { type FamilyOpener, openFamilies } from "./families.ts";
import { DataRegistry } from "./registry.ts";

let root: string;
let artifacts: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-open-"));
  artifacts = path.join(root, "artifacts");
  await mkdir(path.join(root, "mirror", "text"), { recursive: true });
  await writeFile(path.join(root, "mirror", "text", "greek.txt"), TEXT);
  await buildFamily(textFamily(), {
    outRoot: artifacts,
    mirror: path.join(root, "mirror"),
    sources: [textSource()],
    log: () => {},
    progress: () => {},
    command: "test",
    gitSha: null,
  });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const textOpener: FamilyOpener<string> = {
  family: "text",
  formatVersion: "1.0",
  open: async (dir) => readFile(path.join(dir, "data", "upper.txt"), "utf8"),
};
const absentOpener: FamilyOpener<string> = {
  family: "census",
  formatVersion: "1.0",
  open: async () => "never",
};
/** The families these tests open (the service's own are typed by FamilyValues). */
type TestFamilies = { text: string; census: string };

describe("openFamilies", () => {
  it("opens a checked family and records a missing one as unavailable", async () => {
    const registry = new DataRegistry<TestFamilies>();
    const states = await openFamilies(artifacts, registry, [textOpener, absentOpener]);
    expect(states.map((s) => s.state)).toEqual(["ready", "unavailable"]);
    expect(registry.require("text").value).toBe(TEXT.toUpperCase());
    expect(() => registry.require("census")).toThrow(ApiError);
    expect(registry.status().find((s) => s.family === "census")?.state).toBe("unavailable");
  });

  it("a corrupted output makes only that family unavailable (data_unavailable)", async () => {
    const registry = new DataRegistry<TestFamilies>();
    const version = await readlink(path.join(artifacts, "text", "current"));
    await writeFile(path.join(artifacts, "text", version, "data", "upper.txt"), "ALPHA\nBETA\nGAMMB\n");
    const [state] = await openFamilies(artifacts, registry, [textOpener]);
    expect(state).toMatchObject({ state: "unavailable", version });
    expect(state?.reason).toMatch(/upper\.txt/);
    try {
      registry.require("text");
      expect.unreachable();
    } catch (err) {
      expect((err as ApiError).code).toBe("data_unavailable");
    }
  });

  it("refuses a format major the opener does not read", async () => {
    const registry = new DataRegistry<TestFamilies>();
    const [state] = await openFamilies(artifacts, registry, [{ ...textOpener, formatVersion: "2.0" }]);
    expect(state?.state).toBe("unavailable");
    expect(state?.reason).toMatch(/has format 1\.0; this code reads and writes 2\.0/);
    expect(registry.has("text")).toBe(false);
  });

  it("an opener that throws is recorded, not propagated", async () => {
    const registry = new DataRegistry<TestFamilies>();
    const [state] = await openFamilies(artifacts, registry, [
      { family: "text", formatVersion: "1.0", open: () => Promise.reject(new Error("bad magic")) },
    ]);
    expect(state).toMatchObject({ state: "unavailable", reason: "bad magic" });
  });
});
