// Revision B's devnet runs chain id 8453 with the token at Base's real USDC address and EIP-712
// domain, so an authorization signed for it is also valid on Base mainnet for its whole validity
// window. The CLI refuses to sign for such a look-alike devnet with any key that is not one of the
// devnet's own funded dev accounts, unless the caller passes --allow-mainnet-lookalike.
import { privateKeyToAccount } from "viem/accounts";
import * as chains from "viem/chains";

/** Local development chain ids (anvil, hardhat, ganache): never mainnets. */
const LOCAL_CHAIN_IDS = new Set([31337, 1337]);

/** A chain id viem's registry lists for a public chain that is not a testnet. */
export function isMainnetChainId(id: number): boolean {
  if (LOCAL_CHAIN_IDS.has(id)) return false;
  const known = Object.values(chains).filter((c) => typeof c === "object" && c !== null && c.id === id);
  return known.length > 0 && known.every((c) => c.testnet !== true);
}

export interface DevnetIdentity {
  serviceUrl: string;
  chainId: number;
  fundedAccounts: readonly string[];
}

/** Why paying would be refused, or null when it may go ahead. */
export function lookalikeRefusal(
  devnet: DevnetIdentity | undefined,
  serviceUrl: string,
  key: `0x${string}`,
  allowed: boolean,
): string | null {
  if (allowed || !devnet || !isMainnetChainId(devnet.chainId)) return null;
  if (new URL(serviceUrl).origin !== new URL(devnet.serviceUrl).origin) return null;
  const payer = privateKeyToAccount(key).address.toLowerCase();
  if (devnet.fundedAccounts.some((a) => a.toLowerCase() === payer)) return null;
  return [
    `refused: ${serviceUrl} is a local devnet that uses chain id ${devnet.chainId}, the id of a real mainnet, with the token at that mainnet's USDC address.`,
    `A payment authorization signed here with ${payer} would also be valid on the real chain until it expires,`,
    "so anyone who sees it (the devnet's facilitator, logs, a proxy) could move real USDC from that account.",
    "Pay the devnet with one of its own funded dev accounts (the default key of .geo402/devnet.json), run revision A",
    "(testnet chain id), or pass --allow-mainnet-lookalike if the key holds nothing on any real chain.",
  ].join("\n");
}
