// Generated signing cases shared by the native secp256k1 tests (native-secp256k1.test.ts, beside the
// module, and test/e2e/facilitator-verify.e2e.test.ts against viem on the chain): private keys,
// EIP-3009 typed data, and ways to damage a valid signature r‖s‖v.
import fc from "fast-check";
import { bytesToHex, type Hex, numberToHex } from "viem";

/** The order of secp256k1's group. */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

export const hexBytes = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => bytesToHex(b));

export const privateKey = fc
  .bigInt({ min: 1n, max: SECP256K1_N - 1n })
  .map((k) => numberToHex(k, { size: 32 }));

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

/** The terms of an EIP-3009 transfer authorization, without its payer. */
export const transferTerms = fc.record({
  chainId: fc.integer({ min: 1, max: 2 ** 31 }),
  verifyingContract: hexBytes(20),
  to: hexBytes(20),
  value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  validBefore: fc.bigInt({ min: 0n, max: 2n ** 64n }),
  nonce: hexBytes(32),
});
export type TransferTerms = typeof transferTerms extends fc.Arbitrary<infer T> ? T : never;

/** The EIP-712 typed data of `from`'s transfer authorization with these terms. */
export const transferTypedData = (from: Hex, t: TransferTerms) => ({
  domain: { name: "USDC", version: "2", chainId: t.chainId, verifyingContract: t.verifyingContract },
  types: transferTypes,
  primaryType: "TransferWithAuthorization" as const,
  message: { from, to: t.to, value: t.value, validAfter: 0n, validBefore: t.validBefore, nonce: t.nonce },
});

/** A way to damage a valid signature (v 27/28); some keep it acceptable to viem, most do not. */
export const damage = fc.oneof(
  fc.constant({ kind: "none" as const }),
  fc.constant({ kind: "v as yParity" as const }), // v 0/1: the same signer
  fc.constant({ kind: "high s" as const }), // s → n − s with v flipped: the same signer
  fc.constant({ kind: "high s, same v" as const }), // s → n − s alone: another (or no) signer
  fc.constant({ kind: "s ≥ n" as const }),
  fc.constant({ kind: "r = 0" as const }),
  fc.record({
    kind: fc.constant("v" as const),
    v: fc.integer({ min: 2, max: 255 }).filter((v) => v !== 27 && v !== 28),
  }),
  fc.record({ kind: fc.constant("truncated" as const), bytes: fc.integer({ min: 0, max: 64 }) }),
  fc.record({
    kind: fc.constant("bit flipped" as const),
    byte: fc.integer({ min: 0, max: 64 }),
    bit: fc.integer({ min: 0, max: 7 }),
  }),
);
export type Damage = typeof damage extends fc.Arbitrary<infer T> ? T : never;

export function damageSignature(signature: Hex, d: Damage): Hex {
  const r = BigInt(signature.slice(0, 66));
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = Number.parseInt(signature.slice(130), 16);
  const join = (r2: bigint, s2: bigint, v2: number): Hex =>
    `${numberToHex(r2, { size: 32 })}${numberToHex(s2, { size: 32 }).slice(2)}${numberToHex(v2, { size: 1 }).slice(2)}`;
  switch (d.kind) {
    case "none":
      return signature;
    case "v as yParity":
      return join(r, s, v - 27);
    case "high s":
      return join(r, SECP256K1_N - s, v === 27 ? 28 : 27);
    case "high s, same v":
      return join(r, SECP256K1_N - s, v);
    case "s ≥ n":
      return join(r, s + SECP256K1_N < 2n ** 256n ? s + SECP256K1_N : SECP256K1_N, v);
    case "r = 0":
      return join(0n, s, v);
    case "v":
      return join(r, s, d.v);
    case "truncated":
      return signature.slice(0, 2 + 2 * d.bytes) as Hex;
    case "bit flipped": {
      const bytes = Buffer.from(signature.slice(2), "hex");
      bytes[d.byte] = (bytes[d.byte] ?? 0) ^ (1 << d.bit);
      return bytesToHex(bytes);
    }
  }
}
