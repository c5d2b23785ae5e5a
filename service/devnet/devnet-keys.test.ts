// The dev keys derived with node:crypto's PBKDF2 (and the saved copies) are exactly viem's mnemonic
// accounts (anvil's).
import { toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { deriveDevAccount, devKey } from "./devnet.ts";

describe("devKey", () => {
  it("equals viem's mnemonicToAccount key for each of the ten dev accounts", () => {
    for (let i = 0; i < 10; i++) {
      const key = mnemonicToAccount("test test test test test test test test test test test junk", {
        addressIndex: i,
      }).getHdKey().privateKey;
      expect(deriveDevAccount(i).key).toBe(toHex(key ?? new Uint8Array()));
      expect(devKey(i)).toBe(toHex(key ?? new Uint8Array()));
    }
  });
});
