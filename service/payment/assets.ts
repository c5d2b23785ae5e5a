// The USDC contract each network settles in, with its EIP-712 domain name and version.
// The devnet places its test token at the same address so prices and client spend limits hold unchanged.

export interface UsdcAsset {
  address: `0x${string}`;
  name: string;
  version: string;
}

export const USDC_BY_NETWORK: Record<string, UsdcAsset> = {
  "eip155:84532": { address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", name: "USDC", version: "2" },
  "eip155:8453": { address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", name: "USD Coin", version: "2" },
};

export function usdcFor(network: string): UsdcAsset {
  const asset = USDC_BY_NETWORK[network];
  if (!asset) throw new Error(`no USDC contract is known for network ${network}`);
  return asset;
}
