// The README and the docs index stay usable: the pay-from-code snippet is examples/pay.ts (which a
// test runs), `make test` is named as the test command, every relative link resolves, and the
// index links every docs page.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../service/catalog.ts";
import { dollarsToAtomic } from "../service/money.ts";
import { isFree } from "../service/route-types.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Relative link targets of a Markdown file (images too), without anchors. */
function relativeLinks(file: string): string[] {
  return [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => (m[1] as string).split("#")[0] as string)
    .filter((href) => href !== "" && !/^[a-z]+:/.test(href));
}

describe("README.md", () => {
  it("shows examples/pay.ts as it is (after its first comment line)", () => {
    const code = read("examples/pay.ts").split("\n").slice(1).join("\n").trim();
    expect(read("README.md")).toContain(`\`\`\`ts\n${code}\n\`\`\``);
  });

  it("names make serve and make test", () => {
    expect(read("README.md")).toMatch(/^make serve\s/m);
    expect(read("README.md")).toMatch(/^make test\s/m);
  });

  it("states the catalog's prices", () => {
    const readme = read("README.md");
    const price = (p: string) => CATALOG.find((e) => e.path === p)?.price;
    const prices = CATALOG.filter((e) => !isFree(e)).map((e) => e.price);
    const byAtomic = (a: string, b: string) => Number(dollarsToAtomic(a) - dollarsToAtomic(b));
    const [min, max] = [prices.sort(byAtomic)[0], prices.at(-1)];
    expect(readme).toContain(`from $${min} to $${max} a call`);
    expect(readme).toContain(`pays $${price("/v1/hello")}, prints the answer`);
    expect(readme).toContain(`It pays $${price("/v1/marine/depth")} for the charted depth`);
  });

  it("stays short (about 200 lines)", () => {
    expect(read("README.md").split("\n").length).toBeLessThan(230);
  });
});

describe("links", () => {
  const files = [
    "README.md",
    ...readdirSync(path.join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  it.each(files)("every relative link of %s resolves", (file) => {
    const missing = relativeLinks(file).filter(
      (href) => !existsSync(path.resolve(root, path.dirname(file), href)),
    );
    expect(missing).toEqual([]);
  });

  it("docs/README.md links every page of docs/", () => {
    const linked = new Set(relativeLinks("docs/README.md"));
    const pages = readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md") && f !== "README.md");
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });
});
