// The error table in docs/errors.md, the error body schema and the code table list the same codes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_TABLE } from "../service/errors.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("error table parity", () => {
  it("docs/errors.md lists every code with its status, and nothing else", () => {
    const readme = readFileSync(path.join(root, "docs/errors.md"), "utf8");
    const block = readme.split("<!-- errors:begin -->")[1]?.split("<!-- errors:end -->")[0] ?? "";
    const rows = [...block.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*(\d{3})\s*\|/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    expect(Object.fromEntries(rows)).toEqual(
      Object.fromEntries(Object.entries(ERROR_TABLE).map(([c, e]) => [c, e.status])),
    );
  });

  it("the error body schema's code enum is the table", () => {
    const schema = JSON.parse(readFileSync(path.join(root, "schemas/error.json"), "utf8"));
    expect([...schema.properties.error.properties.code.enum].sort()).toEqual(Object.keys(ERROR_TABLE).sort());
  });
});
