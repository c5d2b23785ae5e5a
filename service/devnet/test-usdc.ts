// Deploys the devnet's test USDC at the network's canonical USDC address (Multicall3Lite at the
// canonical Multicall3 address, the batch-settlement escrow and its EIP-3009 deposit collector at
// the addresses @x402/evm expects), and gives mint and balance helpers.
import { BATCH_SETTLEMENT_ADDRESS, ERC3009_DEPOSIT_COLLECTOR_ADDRESS } from "@x402/evm";
import {
  createNonceManager,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { jsonRpc } from "viem/nonce";
import { localChain } from "../facilitator/local-chain.ts";
import { usdcFor } from "../payment/assets.ts";
import { rpcCall } from "./anvil.ts";
import type { CompiledContracts } from "./contracts.ts";

export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

export interface TestUsdc {
  address: `0x${string}`;
  name: string;
  version: string;
  publicClient: PublicClient;
  mint(to: `0x${string}`, atomic: bigint): Promise<void>;
  balanceOf(who: `0x${string}`): Promise<bigint>;
  /** Whether an EIP-3009 nonce of `authorizer` has been used or cancelled. */
  authorizationUsed(authorizer: `0x${string}`, nonce: `0x${string}`): Promise<boolean>;
  /** Gives an account native gas money (anvil_setBalance). */
  fundGas(who: `0x${string}`, wei: bigint): Promise<void>;
}

export interface TestUsdcOptions {
  rpcUrl: string;
  chainId: number;
  network: string;
  deployerKey: `0x${string}`;
  contracts: CompiledContracts;
}

/** Deploys the contracts at their canonical addresses, then gives the helpers. */
export async function deployTestUsdc(opts: TestUsdcOptions): Promise<TestUsdc> {
  const { rpcUrl, contracts } = opts;
  const publicClient = readClient(opts);
  const wallet = deployerWallet(opts);
  const canonical = usdcFor(opts.network);
  const deployAt = async (target: string, c: CompiledContracts[keyof CompiledContracts], args: unknown[]) => {
    const hash = await wallet.deployContract({ abi: c.abi, bytecode: c.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error("deployment produced no contract");
    const code = await publicClient.getCode({ address: receipt.contractAddress });
    await rpcCall(rpcUrl, "anvil_setCode", [target, code]);
  };
  await deployAt(canonical.address, contracts.TestUSDC, [canonical.name, canonical.version]);
  await deployAt(MULTICALL3_ADDRESS, contracts.Multicall3Lite, []);
  await deployAt(BATCH_SETTLEMENT_ADDRESS, contracts.X402BatchSettlement, []);
  // The collector's one allowed caller (an immutable, so it survives anvil_setCode).
  await deployAt(ERC3009_DEPOSIT_COLLECTOR_ADDRESS, contracts.ERC3009DepositCollector, [
    BATCH_SETTLEMENT_ADDRESS,
  ]);
  return testUsdcAt(opts);
}

const readClient = (opts: TestUsdcOptions) =>
  createPublicClient({
    chain: localChain(opts.chainId, opts.rpcUrl),
    transport: http(opts.rpcUrl),
    pollingInterval: 5,
  }) as PublicClient;

function deployerWallet(opts: TestUsdcOptions) {
  // A nonce manager: concurrent mints from the deployer would otherwise race on the transaction
  // nonce. Its own, not viem's shared one, which counts per address and chain id for the whole
  // process: two devnets of one network in a process (the e2e tests' shared one and a test's own)
  // would take each other's counts, and a mint with a nonce past its chain's waits forever.
  const deployer = privateKeyToAccount(opts.deployerKey, {
    nonceManager: createNonceManager({ source: jsonRpc() }),
  });
  return createWalletClient({
    account: deployer,
    chain: localChain(opts.chainId, opts.rpcUrl),
    transport: http(opts.rpcUrl),
  });
}

/** The helpers for test USDC already at the canonical address (deployed or loaded from a saved state). */
export function testUsdcAt(opts: TestUsdcOptions): TestUsdc {
  const { rpcUrl } = opts;
  const publicClient = readClient(opts);
  // Made on the first mint: the deployer's key → address is elliptic-curve work (noble's tables for
  // the base point on first use), which a start from the saved chain never needs.
  let wallet: ReturnType<typeof deployerWallet> | undefined;
  const canonical = usdcFor(opts.network);
  const { abi } = opts.contracts.TestUSDC;
  const address = getAddress(canonical.address);

  return {
    address,
    name: canonical.name,
    version: canonical.version,
    publicClient,
    async mint(to, atomic) {
      wallet ??= deployerWallet(opts);
      const hash = await wallet.writeContract({ address, abi, functionName: "mint", args: [to, atomic] });
      await publicClient.waitForTransactionReceipt({ hash });
    },
    async balanceOf(who) {
      return (await publicClient.readContract({
        address,
        abi,
        functionName: "balanceOf",
        args: [who],
      })) as bigint;
    },
    async authorizationUsed(authorizer, nonce) {
      return (await publicClient.readContract({
        address,
        abi,
        functionName: "authorizationState",
        args: [authorizer, nonce],
      })) as boolean;
    },
    async fundGas(who, wei) {
      await rpcCall(rpcUrl, "anvil_setBalance", [who, `0x${wei.toString(16)}`]);
    },
  };
}
