// The look-alike guard: which chain ids count as mainnets, and whom it lets sign.
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { devKey } from "../service/devnet/devnet.ts";
import { isMainnetChainId, lookalikeRefusal } from "./mainnet-guard.ts";

describe("isMainnetChainId", () => {
  it.each([
    [1, true],
    [8453, true],
    [84532, false],
    [11155111, false],
    [31337, false],
    [1337, false],
    [987654321, false],
  ])("chain %i → %s", (id, mainnet) => {
    expect(isMainnetChainId(id)).toBe(mainnet);
  });
});

describe("lookalikeRefusal", () => {
  const funded = [privateKeyToAccount(devKey(2)).address];
  const devnet = { serviceUrl: "http://127.0.0.1:4020", chainId: 8453, fundedAccounts: funded };
  const outsider = devKey(9);

  it("lets the devnet's own funded accounts sign", () => {
    expect(lookalikeRefusal(devnet, "http://127.0.0.1:4020", devKey(2), false)).toBeNull();
  });

  it("refuses any other key on a mainnet chain id, unless allowed", () => {
    expect(lookalikeRefusal(devnet, "http://127.0.0.1:4020/", outsider, false)).toMatch(/chain id 8453/);
    expect(lookalikeRefusal(devnet, "http://127.0.0.1:4020", outsider, true)).toBeNull();
  });

  it("does not concern a testnet devnet or another service", () => {
    expect(
      lookalikeRefusal({ ...devnet, chainId: 84532 }, "http://127.0.0.1:4020", outsider, false),
    ).toBeNull();
    expect(lookalikeRefusal(devnet, "https://geo402.example", outsider, false)).toBeNull();
  });
});
