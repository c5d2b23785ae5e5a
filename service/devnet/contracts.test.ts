// contracts/compiled.json is reproducible: the pinned solc-js compiles the current sources to
// exactly the shipped output, and the loader accepts it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPILED_FILE, type CompiledFile, compileContracts, loadCompiledContracts } from "./contracts.ts";

describe("compiled contracts", () => {
  it("are exactly what solc makes of the current sources", { timeout: 120_000 }, async () => {
    const shipped = JSON.parse(readFileSync(COMPILED_FILE, "utf8")) as CompiledFile;
    expect(await compileContracts()).toEqual(shipped);
    expect(loadCompiledContracts().TestUSDC.bytecode).toBe(shipped.contracts.TestUSDC.bytecode);
  });
});
