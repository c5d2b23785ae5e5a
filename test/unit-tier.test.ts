// `make test-unit` starts no process: the tier's set-up refuses every way to start one.
import { execFile, spawn } from "node:child_process";
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";

describe("the unit tier", () => {
  it("refuses to start a child process", () => {
    expect(() => spawn("true")).toThrow("the unit tier starts no process");
    expect(() => execFile("true")).toThrow("the unit tier starts no process");
  });

  it("refuses to open a server", () => {
    expect(() => createServer().listen(0, "127.0.0.1")).toThrow("opens no server");
  });
});
