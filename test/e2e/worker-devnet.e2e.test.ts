// The e2e tier's worker keeps one devnet for its files (test/support/service.ts); a file may still
// start a devnet of its own on the same network, whose chain has the same id. Each must count its
// own deployer's nonces: with viem's process-wide nonce manager the second chain's mint took the
// first chain's next nonce and never settled.
import { expect, it } from "vitest";
import { startTestService } from "../support/service.ts";

it("a devnet of its own after the worker's shared one: both mint, and balances are read on each chain", async () => {
  const shared = await startTestService();
  const first = await shared.newPayer(7n);
  expect(await shared.balance(first.address)).toBe(7n);
  await shared.close();
  const own = await startTestService({ ownDevnet: true });
  try {
    expect(own.service.devnet?.anvil.rpcUrl).not.toBe(shared.service.devnet?.anvil.rpcUrl);
    const second = await own.newPayer(5n);
    expect(await own.balance(second.address)).toBe(5n);
    expect(await own.balance(first.address)).toBe(0n);
  } finally {
    await own.close();
  }
});
