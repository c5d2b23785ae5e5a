// ECDSA on secp256k1 in libsecp256k1 (the `secp256k1` package's native binding, prebuilt for
// linux-x64 and loaded by node-gyp-build) instead of viem's pure-JavaScript @noble/curves: about
// 20 times faster per signature or recovery (docs/performance.md). Hashing and serialization stay
// viem's; only the curve operation is native, so signatures are byte for byte viem's (both use
// RFC 6979 nonces and low-s; native-secp256k1.test.ts compares them).
//
// `secp256k1/bindings.js` is the binding alone: it throws where no native binary loads, where the
// package's main entry would silently fall back to `elliptic` (pure JavaScript, slower than noble).
import { createRequire } from "node:module";
import {
  type Address,
  bytesToHex,
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  isAddressEqual,
  keccak256,
  type LocalAccount,
  serializeSignature,
  serializeTransaction,
  type TransactionSerializable,
} from "viem";
import { publicKeyToAddress, toAccount } from "viem/accounts";

interface Secp256k1Binding {
  ecdsaSign(msg32: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(signature: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(privateKey: Uint8Array, compressed: boolean): Uint8Array;
}

const secp256k1 = createRequire(import.meta.url)("secp256k1/bindings.js") as Secp256k1Binding;

/** The signature of a 32-byte hash, as viem's `sign` returns it (yParity 0/1, v 27/28). */
export function signHash(hash: Hex, privateKey: Uint8Array): { r: Hex; s: Hex; v: bigint; yParity: number } {
  const { signature, recid } = secp256k1.ecdsaSign(hexToBytes(hash), privateKey);
  return {
    r: bytesToHex(signature.subarray(0, 32)),
    s: bytesToHex(signature.subarray(32, 64)),
    v: BigInt(27 + recid),
    yParity: recid,
  };
}

/**
 * The address that signed `hash` (a 65-byte r‖s‖v signature, v 0/1/27/28, high s accepted as viem
 * accepts it), or undefined where viem's recoverAddress would throw (length, v, r or s out of range).
 */
export function recoverAddress(hash: Hex, signature: Hex): Address | undefined {
  const sig = hexToBytes(signature);
  if (sig.length !== 65 || hexToBytes(hash).length !== 32) return undefined;
  const v = sig[64] ?? -1;
  const recid = v === 0 || v === 1 ? v : v === 27 || v === 28 ? v - 27 : -1;
  if (recid < 0) return undefined;
  try {
    return publicKeyToAddress(
      bytesToHex(secp256k1.ecdsaRecover(sig.subarray(0, 64), recid, hexToBytes(hash), false)),
    );
  } catch {
    return undefined;
  }
}

/** Whether `signature` is `address`'s ECDSA signature of `hash` (EOAs only: no ERC-1271 or ERC-6492). */
export function isEcdsaSignatureOf(address: Address, hash: Hex, signature: Hex): boolean {
  const recovered = recoverAddress(hash, signature);
  return recovered !== undefined && isAddressEqual(recovered, address);
}

/** A viem account for a private key, as privateKeyToAccount's, with every signature made natively. */
export function nativeAccount(privateKey: Hex): LocalAccount {
  const key = hexToBytes(privateKey);
  const publicKey = bytesToHex(secp256k1.publicKeyCreate(key, false));
  const sign = async ({ hash }: { hash: Hex }) => serializeSignature(signHash(hash, key));
  const account = toAccount({
    address: publicKeyToAddress(publicKey),
    sign,
    signMessage: ({ message }) => sign({ hash: hashMessage(message) }),
    signTypedData: (typedData) => sign({ hash: hashTypedData(typedData) }),
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction;
      // EIP-4844: the signature covers the payload without the blob sidecars (as viem signs it).
      const signable =
        transaction.type === "eip4844"
          ? ({ ...transaction, sidecars: false } as typeof transaction)
          : transaction;
      const hash = keccak256(await serializer(signable as TransactionSerializable));
      return serializer(transaction as TransactionSerializable, signHash(hash, key));
    },
  });
  return { ...account, publicKey };
}
