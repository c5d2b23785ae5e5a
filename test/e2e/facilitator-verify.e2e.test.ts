// The devnet facilitator signer's verifyTypedData (native ECDSA recovery for EOAs, the chain for the
// rest: facilitator-signer.ts) answers as viem's verifyTypedData on the real chain (ERC-6492
// validator by eth_call, then ECDSA recovery) on generated EIP-3009 authorizations: valid, signed by
// another key, signed for another chain, with high s, and otherwise damaged.
import fc from "fast-check";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnvilNode, startAnvil } from "../../service/devnet/anvil.ts";
import { devKey } from "../../service/devnet/devnet.ts";
import {
  createFacilitatorSigner,
  type FacilitatorSigner,
} from "../../service/facilitator/facilitator-signer.ts";
import { localChain } from "../../service/facilitator/local-chain.ts";
import {
  damage,
  damageSignature,
  privateKey,
  transferTerms,
  transferTypedData,
} from "../support/signature-cases.ts";

const CHAIN_ID = 84532;
let anvil: AnvilNode;
let signer: FacilitatorSigner;
let viem: PublicClient;
beforeAll(async () => {
  anvil = await startAnvil(CHAIN_ID);
  const chain = localChain(CHAIN_ID, anvil.rpcUrl);
  ({ signer } = createFacilitatorSigner({ chain, rpcUrl: anvil.rpcUrl, privateKey: devKey(0) }));
  viem = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient;
}, 60_000);
afterAll(() => anvil?.stop());

const case_ = fc.record({
  payer: privateKey,
  other: privateKey,
  terms: transferTerms,
  signedBy: fc.constantFrom("payer", "another key"),
  chain: fc.constantFrom("same chain", "another chain"),
  damage,
});

describe("facilitator signer verifyTypedData", () => {
  it("answers as viem's verifyTypedData on the chain, on 300 generated signatures", async () => {
    const answers = { true: 0, false: 0 };
    await fc.assert(
      fc.asyncProperty(case_, async (c) => {
        const payer = privateKeyToAccount(c.payer);
        const typed = transferTypedData(payer.address, c.terms);
        const signing = c.signedBy === "payer" ? payer : privateKeyToAccount(c.other);
        const signed =
          c.chain === "same chain"
            ? typed
            : { ...typed, domain: { ...typed.domain, chainId: c.terms.chainId + 1 } };
        const signature = damageSignature(await signing.signTypedData(signed), c.damage);
        const request = { address: payer.address, ...typed, signature };
        const expected = await viem.verifyTypedData(request);
        expect(await signer.verifyTypedData(request)).toBe(expected);
        answers[`${expected}`]++;
      }),
      { numRuns: 300 },
    );
    expect(answers.true).toBeGreaterThan(0);
    expect(answers.false).toBeGreaterThan(0);
  }, 300_000);
});
