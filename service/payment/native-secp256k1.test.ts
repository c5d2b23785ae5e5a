// The native account signs byte for byte as viem's privateKeyToAccount, and the native recovery
// answers as viem's recoverAddress (same address, or a refusal where viem throws), on generated
// keys, transactions, typed data and signatures, including high-s and malformed ones.
import fc from "fast-check";
import { bytesToHex, type Hex, numberToHex, recoverAddress as viemRecoverAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { isEcdsaSignatureOf, nativeAccount, recoverAddress } from "./native-secp256k1.ts";

const RUNS = 300;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => bytesToHex(b));
const privateKey = fc.bigInt({ min: 1n, max: N - 1n }).map((k) => numberToHex(k, { size: 32 }));
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

const transferTypes = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

const typedData = fc.record({
  chainId: fc.integer({ min: 1, max: 2 ** 31 }),
  verifyingContract: hex(20),
  to: hex(20),
  value: uint(2n ** 256n - 1n),
  validBefore: uint(2n ** 64n),
  nonce: hex(32),
});

const toTypedData = (from: Hex, t: fc.GeneratedValueType<typeof typedData>) => ({
  domain: { name: "USDC", version: "2", chainId: t.chainId, verifyingContract: t.verifyingContract },
  types: transferTypes,
  primaryType: "TransferWithAuthorization" as const,
  message: { from, to: t.to, value: t.value, validAfter: 0n, validBefore: t.validBefore, nonce: t.nonce },
});

/** viem's recoverAddress, undefined where it throws. */
const viemRecover = (hash: Hex, signature: Hex) =>
  viemRecoverAddress({ hash, signature }).catch(() => undefined);

describe("nativeAccount", () => {
  it("has privateKeyToAccount's address and public key, and signs the same bytes", async () => {
    await fc.assert(
      fc.asyncProperty(privateKey, transaction, typedData, hex(32), async (key, tx, td, hash) => {
        const viem = privateKeyToAccount(key);
        const native = nativeAccount(key);
        expect(native.address).toBe(viem.address);
        expect(native.publicKey).toBe(viem.publicKey);
        expect(await native.signTransaction(tx)).toBe(await viem.signTransaction(tx));
        const data = toTypedData(viem.address, td);
        expect(await native.signTypedData(data)).toBe(await viem.signTypedData(data));
        expect(await native.signMessage({ message: hash })).toBe(await viem.signMessage({ message: hash }));
        expect(await native.sign?.({ hash })).toBe(await viem.sign({ hash }));
      }),
      { numRuns: RUNS },
    );
  });
});

/** Ways to damage a valid signature r‖s‖v (v 27/28), each keeping or breaking what viem accepts. */
const mutation = fc.oneof(
  fc.constant("none"),
  fc.constant("v as yParity"), // v 0/1: accepted by both
  fc.constant("high s"), // s → n − s with v flipped: the same signer
  fc.constant("high s, same v"), // s → n − s alone: another (or no) signer
  fc.constant("s ≥ n"),
  fc.constant("r = 0"),
  fc.integer({ min: 2, max: 255 }).filter((v) => v !== 27 && v !== 28), // invalid v
  fc.integer({ min: 0, max: 64 }), // truncated to this many bytes
  fc.integer({ min: 0, max: 64 }), // one flipped bit in this byte
);

function mutate(signature: Hex, m: string | number, bit: number): Hex {
  const r = BigInt(signature.slice(0, 66));
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  const join = (r2: bigint, s2: bigint, v2: number) =>
    `${numberToHex(r2, { size: 32 })}${numberToHex(s2, { size: 32 }).slice(2)}${numberToHex(v2, { size: 1 }).slice(2)}` as Hex;
  if (m === "none") return signature;
  if (m === "v as yParity") return join(r, s, v - 27);
  if (m === "high s") return join(r, N - s, v === 27 ? 28 : 27);
  if (m === "high s, same v") return join(r, N - s, v);
  if (m === "s ≥ n") return join(r, s + N <= 2n ** 256n - 1n ? s + N : N, v);
  if (m === "r = 0") return join(0n, s, v);
  if (typeof m === "number" && m > 64) return join(r, s, m);
  return bit < 0
    ? (signature.slice(0, 2 + 2 * (m as number)) as Hex)
    : (() => {
        const bytes = Buffer.from(signature.slice(2), "hex");
        bytes[m as number] = (bytes[m as number] ?? 0) ^ (1 << bit);
        return bytesToHex(bytes);
      })();
}

describe("recoverAddress", () => {
  it("answers as viem's recoverAddress on valid, high-s and malformed signatures", async () => {
    let recovered = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        privateKey,
        hex(32),
        mutation,
        fc.integer({ min: -1, max: 7 }),
        async (key, hash, m, bit) => {
          const account = privateKeyToAccount(key);
          const signature = mutate(await account.sign({ hash }), m, bit);
          const expected = await viemRecover(hash, signature);
          expect(recoverAddress(hash, signature)).toBe(expected);
          expect(isEcdsaSignatureOf(account.address, hash, signature)).toBe(expected === account.address);
          if (expected) recovered++;
          else refused++;
        },
      ),
      { numRuns: RUNS },
    );
    // Both kinds of answer were compared, not only one.
    expect(recovered).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
