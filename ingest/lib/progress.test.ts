import { describe, expect, it } from "vitest";
import { createProgress } from "./progress.ts";

function harness(tty: boolean) {
  const lines: string[] = [];
  let now = 0;
  const progress = createProgress({ stream: { write: (s: string) => lines.push(s) }, tty, now: () => now });
  return { lines, progress, advance: (ms: number) => (now += ms) };
}

describe("progress", () => {
  it("plain mode: one line per 5 s with counts, percentage and rate, and always the final count", () => {
    const h = harness(false);
    h.progress("cells", 0, 1000);
    h.advance(1000);
    h.progress("cells", 100, 1000); // throttled
    h.advance(4000);
    h.progress("cells", 500, 1000);
    h.advance(10);
    h.progress("cells", 1000, 1000);
    expect(h.lines).toEqual([
      "cells: 0/1000 (0.0%) 0/s 0.0s\n",
      "cells: 500/1000 (50.0%) 100/s 5.0s\n",
      "cells: 1000/1000 (100.0%) 200/s 5.0s\n",
    ]);
  });

  it("terminal mode redraws one bar in place and ends it with a newline", () => {
    const h = harness(true);
    h.progress("download", 0, 4);
    h.advance(200);
    h.progress("download", 4, 4);
    expect(h.lines[0]).toMatch(/^\rdownload \[\.{30}\] 0\/4/);
    expect(h.lines[1]).toMatch(/^\rdownload \[#{30}\] 4\/4 .*\n$/);
  });

  it("without a total it prints the running count", () => {
    const h = harness(false);
    h.progress("rings", 3);
    expect(h.lines).toEqual(["rings: 3 3.0k/s 0.0s\n"]);
  });
});
