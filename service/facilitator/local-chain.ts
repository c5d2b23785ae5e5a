// A viem chain for a chain id reached at one RPC URL (the devnet's anvil, or a chain a test starts):
// what the facilitator signs settlements on and what the devnet deploys its contracts with.
import { type Chain, defineChain } from "viem";

export function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `geo402-devnet-${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
