// Deploys the devnet's test USDC at the network's canonical USDC address (and Multicall3Lite at
// the canonical Multicall3 address), and gives mint and balance helpers.
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { rpcCall } from "./anvil.ts";
import { usdcFor } from "./assets.ts";
import type { CompiledContracts } from "./contracts.ts";

export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

export function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `geo402-devnet-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

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

export async function deployTestUsdc(opts: {
  rpcUrl: string;
  chainId: number;
  network: string;
  deployerKey: `0x${string}`;
  contracts: CompiledContracts;
}): Promise<TestUsdc> {
  const { rpcUrl, chainId, network, contracts } = opts;
  const chain = localChain(chainId, rpcUrl);
  const deployer = privateKeyToAccount(opts.deployerKey);
  const wallet = createWalletClient({ account: deployer, chain, transport: http(rpcUrl) });
  const publicClient = createPublicClient({
    chain,
    transport: http(rpcUrl),
    pollingInterval: 50,
  }) as PublicClient;
  const canonical = usdcFor(network);
  const { abi } = contracts.TestUSDC;

  const deployAt = async (
    target: string,
    c: { abi: typeof abi; bytecode: `0x${string}` },
    args: unknown[],
  ) => {
    const hash = await wallet.deployContract({ abi: c.abi, bytecode: c.bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error("deployment produced no contract");
    const code = await publicClient.getCode({ address: receipt.contractAddress });
    await rpcCall(rpcUrl, "anvil_setCode", [target, code]);
  };
  await deployAt(canonical.address, contracts.TestUSDC, [canonical.name, canonical.version]);
  await deployAt(MULTICALL3_ADDRESS, contracts.Multicall3Lite, []);
  const address = getAddress(canonical.address);

  return {
    address,
    name: canonical.name,
    version: canonical.version,
    publicClient,
    async mint(to, atomic) {
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
