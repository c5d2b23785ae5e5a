// ECDSA on secp256k1, viem's pure JavaScript (@noble/curves) against the native binding
// (service/crypto/native-secp256k1.ts), side by side in alternating rounds (ratios, never
// assertions): the operations of a paid request — signing a settlement transaction (facilitator),
// an EIP-712 authorization or voucher (client), and recovering a signer (facilitator, server).
import { keccak256, recoverAddress as viemRecoverAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { nativeAccount, recoverAddress } from "../../service/crypto/native-secp256k1.ts";
import { transferTypedData } from "../support/signature-cases.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OPS = Number(process.env.BENCH_OPS ?? 200);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const key = generatePrivateKey();
const viem = privateKeyToAccount(key);
const native = nativeAccount(key);
const transaction = {
  type: "eip1559" as const,
  chainId: 84532,
  nonce: 7,
  to: viem.address,
  data: keccak256("0x01"),
  gas: 200_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
};
const typed = transferTypedData(viem.address, {
  chainId: 84532,
  verifyingContract: viem.address,
  to: viem.address,
  value: 1000n,
  validBefore: 2n ** 40n,
  nonce: keccak256("0x02"),
});
const hash = keccak256("0x03");
const signature = await viem.sign({ hash });

const operations: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
  [
    "sign a settlement transaction",
    () => viem.signTransaction(transaction),
    () => native.signTransaction(transaction),
  ],
  ["sign EIP-712 typed data", () => viem.signTypedData(typed), () => native.signTypedData(typed)],
  [
    "recover a signer",
    () => viemRecoverAddress({ hash, signature }),
    async () => recoverAddress(hash, signature),
  ],
];

/** Milliseconds per operation over OPS operations. */
async function time(op: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < OPS; i++) await op();
  return (performance.now() - start) / OPS;
}

console.log(
  `| ${ROUNDS} alternating rounds of ${OPS} operations | viem ms/op (median) | native ms/op | native/viem |`,
);
console.log("|---|---|---|---|");
for (const [name, js, nat] of operations) {
  await time(js);
  await time(nat);
  const rounds: { js: number; nat: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push({ js: await time(js), nat: await time(nat) });
  console.log(
    `| ${name} | ${median(rounds.map((r) => r.js)).toFixed(3)} | ${median(rounds.map((r) => r.nat)).toFixed(3)} | ${median(rounds.map((r) => r.nat / r.js)).toFixed(3)}× |`,
  );
}
console.log(
  `\nload average: ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
