// The embedded default: a local chain with the network's chain id, test USDC at the canonical
// address, anvil's dev accounts funded, and a real facilitator (in its own thread, also served on loopback HTTP).
import { pbkdf2Sync } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { toHex } from "viem";
import { HDKey, privateKeyToAccount } from "viem/accounts";
import { serveFacilitator } from "../facilitator/facilitator-http.ts";
import { type FacilitatorThread, startFacilitatorThread } from "../facilitator/facilitator-thread.ts";
import { usdcFor } from "../payment/assets.ts";
import { type AnvilNode, chainIdOf, startAnvil } from "./anvil.ts";
import { loadCompiledContracts } from "./contracts.ts";
import { devnetStateFile, loadDevnetState, readDevAccounts, saveDevnetState } from "./devnet-state.ts";
import { deployTestUsdc, type TestUsdc, testUsdcAt } from "./test-usdc.ts";

/** anvil's well-known development mnemonic: loopback test money only. */
const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
const DEV_ACCOUNT_COUNT = 10;
/** Every dev account gets this much test USDC (atomic units, 6 decimals): 1,000,000 USDC. */
export const DEV_FUNDING_ATOMIC = 1_000_000_000_000n;

export interface DevAccount {
  key: `0x${string}`;
  address: `0x${string}`;
}

/**
 * Dev account `index` of the mnemonic (BIP-44 m/44'/60'/0'/0/index), as anvil derives it. The BIP-39
 * seed (PBKDF2-SHA512, 2048 rounds, salt "mnemonic") comes from node:crypto: the pure-JavaScript
 * PBKDF2 behind viem's mnemonicToAccount took about half a second of start-up for ten accounts.
 */
export function deriveDevAccount(index: number): DevAccount {
  devRoot ??= HDKey.fromMasterSeed(
    pbkdf2Sync(ANVIL_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512"),
  );
  const key = devRoot.derive(`m/44'/60'/0'/0/${index}`).privateKey;
  if (!key) throw new Error(`no private key for dev account ${index}`);
  return { key: toHex(key), address: privateKeyToAccount(toHex(key)).address };
}
let devRoot: HDKey | undefined;

let devAccounts: DevAccount[] | undefined;
/** The dev accounts, derived once and then kept beside the saved devnet state (elliptic-curve work at start-up). */
function devAccount(index: number): DevAccount {
  devAccounts ??= readDevAccounts(ANVIL_MNEMONIC, DEV_ACCOUNT_COUNT, deriveDevAccount);
  const account = devAccounts[index];
  if (!account) throw new Error(`no dev account ${index}`);
  return account;
}

export const devKey = (index: number): `0x${string}` => devAccount(index).key;

/** Roles of the dev accounts. */
const ROLE = { deployer: 0, facilitator: 1, payer: 2, payTo: 3, receiverAuthorizer: 8 } as const;

/** Exactly the members of `.geo402/devnet.json`. */
export interface DevnetFile {
  serviceUrl: string;
  rpcUrl: string;
  chainId: number;
  network: string;
  asset: string;
  payTo: string;
  payerPrivateKey: string;
  /** The dev accounts funded with test USDC: the only keys `geo402 pay` signs with for a devnet whose chain id is a mainnet's. */
  fundedAccounts: string[];
}

export interface Devnet {
  anvil: AnvilNode;
  token: TestUsdc;
  /** The facilitator, in its own thread. */
  facilitator: FacilitatorThread;
  facilitatorUrl: string;
  payTo: `0x${string}`;
  payerKey: `0x${string}`;
  /** Signs the service's batch-settlement claims and refunds (batch-offer.ts). */
  receiverAuthorizerKey: `0x${string}`;
  /** Its address, from the saved dev accounts. */
  receiverAuthorizerAddress: `0x${string}`;
  /** Writes the devnet file a client needs once the service URL is known. */
  writeFile(home: string, serviceUrl: string): string;
  stop(): Promise<void>;
}

export async function startDevnet(opts: {
  network: `eip155:${number}`;
  home: string;
  /** The chain, when the caller launched it already (startAnvil with the network's chain id). */
  anvil?: Promise<AnvilNode>;
  /** Seconds between blocks (GEO402_DEVNET_BLOCK_TIME); absent: a block per transaction, at once. */
  blockTimeS?: number;
}): Promise<Devnet> {
  const chainId = chainIdOf(opts.network);
  const contracts = loadCompiledContracts();
  const anvil = await (opts.anvil ?? startAnvil(chainId, opts.blockTimeS));
  try {
    const tokenOpts = {
      rpcUrl: anvil.rpcUrl,
      chainId,
      network: opts.network,
      deployerKey: devKey(ROLE.deployer),
      contracts,
    };
    // The token sits at the network's canonical USDC address: one saved state per asset.
    const stateFile = devnetStateFile({
      asset: usdcFor(opts.network),
      contracts,
      DEV_ACCOUNT_COUNT,
      DEV_FUNDING_ATOMIC,
      ANVIL_MNEMONIC,
    });
    // The saved addresses: deriving each from its key is elliptic-curve work at every start.
    const fundedAccounts = Array.from({ length: DEV_ACCOUNT_COUNT }, (_, i) => devAccount(i).address);
    let token: TestUsdc;
    if (await loadDevnetState(anvil.rpcUrl, stateFile)) {
      token = testUsdcAt(tokenOpts);
    } else {
      token = await deployTestUsdc(tokenOpts);
      await Promise.all(fundedAccounts.map((address) => token.mint(address, DEV_FUNDING_ATOMIC)));
      await saveDevnetState(anvil.rpcUrl, stateFile);
    }
    const payTo = devAccount(ROLE.payTo).address;
    const facilitator = startFacilitatorThread({
      rpcUrl: anvil.rpcUrl,
      chainId,
      network: opts.network,
      privateKey: devKey(ROLE.facilitator),
      own: { network: opts.network, asset: token.address, payTo },
    });
    const served = await serveFacilitator(facilitator.client);
    const payerKey = devKey(ROLE.payer);
    return {
      anvil,
      token,
      facilitator,
      facilitatorUrl: served.url,
      payTo,
      payerKey,
      receiverAuthorizerKey: devKey(ROLE.receiverAuthorizer),
      receiverAuthorizerAddress: devAccount(ROLE.receiverAuthorizer).address,
      writeFile(home, serviceUrl) {
        const file: DevnetFile = {
          serviceUrl,
          rpcUrl: anvil.rpcUrl,
          chainId,
          network: opts.network,
          asset: token.address,
          payTo,
          payerPrivateKey: payerKey,
          fundedAccounts,
        };
        mkdirSync(home, { recursive: true });
        const target = path.join(home, "devnet.json");
        const tmp = `${target}.${process.pid}.tmp`;
        writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
        renameSync(tmp, target);
        return target;
      },
      async stop() {
        await served.app.close();
        await facilitator.close();
        await anvil.stop();
      },
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}
