import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_DEPOSIT, parseArgs, UsageError } from "./args.ts";

describe("geo402 arguments (node:util parseArgs)", () => {
  it("reads a POST with data, repeated queries and every option", () => {
    expect(
      parseArgs([
        "pay",
        "post",
        "/v1/pip",
        "--data",
        '{"points":[]}',
        "--query",
        "a=1",
        "--query",
        "lon=-151.4",
        "--url",
        "http://127.0.0.1:1",
        "--key",
        "0xabc",
        "--scheme",
        "batch-settlement",
        "--max-deposit",
        "2.5",
        "--json",
        "--allow-mainnet-lookalike",
      ]),
    ).toEqual({
      command: "pay",
      method: "POST",
      path: "/v1/pip",
      data: '{"points":[]}',
      query: [
        ["a", "1"],
        ["lon", "-151.4"],
      ],
      url: "http://127.0.0.1:1",
      key: "0xabc",
      json: true,
      scheme: "batch-settlement",
      maxDeposit: "2.5",
      allowMainnetLookalike: true,
    });
  });

  it("defaults: exact, the default deposit cap, no JSON", () => {
    expect(parseArgs(["quote", "GET", "/v1/hello", "--query=x=y"])).toMatchObject({
      query: [["x", "y"]],
      scheme: "exact",
      maxDeposit: DEFAULT_MAX_DEPOSIT,
      json: false,
      allowMainnetLookalike: false,
    });
  });

  it("--help, -h and help, alone or after a command", () => {
    for (const argv of [["--help"], ["-h"], ["help"], ["pay", "--help"], ["quote", "GET", "/v1/hello", "-h"]])
      expect(parseArgs(argv).command).toBe("help");
  });

  it("usage errors", () => {
    for (const argv of [
      [],
      ["frobnicate"],
      ["pay", "PUT", "/x"],
      ["pay", "GET", "x"],
      ["pay", "GET", "/x", "--nope"],
      ["pay", "GET", "/x", "--url"],
      ["pay", "GET", "/x", "--data", "{}"],
      ["pay", "GET", "/x", "--query", "novalue"],
      ["pay", "GET", "/x", "--scheme", "upto"],
      ["pay", "GET", "/x", "extra"],
    ])
      expect(() => parseArgs(argv), argv.join(" ")).toThrow(UsageError);
  });
});
