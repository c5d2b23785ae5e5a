// The native account signs byte for byte as viem's privateKeyToAccount, and the native recovery
// answers as viem's recoverAddress (same address, or a refusal where viem throws), on generated
// keys, transactions, typed data and signatures, including high-s and malformed ones.
import fc from "fast-check";
import { bytesToHex, type Hex, recoverAddress as viemRecoverAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  damage,
  damageSignature,
  hexBytes as hex,
  privateKey,
  transferTerms,
  transferTypedData,
} from "../../test/support/signature-cases.ts";
import { isEcdsaSignatureOf, nativeAccount, recoverAddress } from "./native-secp256k1.ts";

const RUNS = 300;

const uint = (max: bigint) => fc.bigInt({ min: 0n, max });

const transaction = fc.oneof(
  fc
    .record({
      type: fc.constant("eip1559" as const),
      chainId: fc.integer({ min: 1, max: 2 ** 31 }),
      nonce: fc.integer({ min: 0, max: 2 ** 31 }),
      to: hex(20),
      data: fc.uint8Array({ maxLength: 300 }).map((b) => bytesToHex(b)),
      value: uint(10n ** 24n),
      gas: uint(30_000_000n),
      maxFeePerGas: uint(10n ** 12n),
      tip: uint(10n ** 12n),
    })
    .map(({ tip, ...tx }) => ({ ...tx, maxPriorityFeePerGas: tip % (tx.maxFeePerGas + 1n) })),
  fc.record({
    type: fc.constant("legacy" as const),
    chainId: fc.integer({ min: 1, max: 2 ** 31 }),
    nonce: fc.integer({ min: 0, max: 2 ** 31 }),
    to: hex(20),
    data: fc.uint8Array({ maxLength: 100 }).map((b) => bytesToHex(b)),
    gas: uint(30_000_000n),
    gasPrice: uint(10n ** 12n),
  }),
);

/** viem's recoverAddress, undefined where it throws. */
const viemRecover = (hash: Hex, signature: Hex) =>
  viemRecoverAddress({ hash, signature }).catch(() => undefined);

describe("nativeAccount", () => {
  it("has privateKeyToAccount's address and public key, and signs the same bytes", async () => {
    await fc.assert(
      fc.asyncProperty(privateKey, transaction, transferTerms, hex(32), async (key, tx, td, hash) => {
        const viem = privateKeyToAccount(key);
        const native = nativeAccount(key);
        expect(native.address).toBe(viem.address);
        expect(native.publicKey).toBe(viem.publicKey);
        expect(await native.signTransaction(tx)).toBe(await viem.signTransaction(tx));
        const data = transferTypedData(viem.address, td);
        expect(await native.signTypedData(data)).toBe(await viem.signTypedData(data));
        expect(await native.signMessage({ message: hash })).toBe(await viem.signMessage({ message: hash }));
        expect(await native.sign?.({ hash })).toBe(await viem.sign({ hash }));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("recoverAddress", () => {
  it("answers as viem's recoverAddress on valid, high-s and malformed signatures", async () => {
    let recovered = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(privateKey, hex(32), damage, async (key, hash, d) => {
        const account = privateKeyToAccount(key);
        const signature = damageSignature(await account.sign({ hash }), d);
        const expected = await viemRecover(hash, signature);
        expect(recoverAddress(hash, signature)).toBe(expected);
        expect(isEcdsaSignatureOf(account.address, hash, signature)).toBe(expected === account.address);
        if (expected) recovered++;
        else refused++;
      }),
      { numRuns: RUNS },
    );
    // Both kinds of answer were compared, not only one.
    expect(recovered).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
