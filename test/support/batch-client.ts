// A batch-settlement payer for end-to-end tests: the CLI's client (cli/batch-payer.ts) over a fresh
// funded key and channel directory, or, with `same`, a new client process over another's key and
// files. Every HTTP exchange its fetches make is recorded in `seen` (statuses, in order).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { x402HTTPClient } from "@x402/core/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createPayer } from "../../cli/batch-payer.ts";
import { payingFetch } from "../../cli/paying-fetch.ts";
import type { Devnet } from "../../service/devnet/devnet.ts";

export interface BatchClient {
  key: `0x${string}`;
  address: `0x${string}`;
  dir: string;
  seen: number[];
  /** @x402/fetch's wrapper: a quote, then the paid request. */
  fetch: typeof fetch;
  http: x402HTTPClient;
  /** cli/paying-fetch.ts over the same payer: pays up front once it knows the terms. */
  prepaying: typeof fetch;
}

export async function newBatchClient(
  devnet: Pick<Devnet, "token" | "anvil">,
  opts: { funds: bigint; maxDeposit: bigint },
  same?: Pick<BatchClient, "key" | "address" | "dir">,
): Promise<BatchClient> {
  const key = same?.key ?? generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  if (!same) await devnet.token.mint(address, opts.funds);
  const dir = same?.dir ?? mkdtempSync(path.join(tmpdir(), "geo402-batch-client-"));
  const payer = createPayer({
    key,
    scheme: "batch-settlement",
    channelDir: dir,
    rpcUrl: devnet.anvil.rpcUrl,
    maxDepositAtomic: opts.maxDeposit,
  });
  const seen: number[] = [];
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    seen.push(res.status);
    return res;
  };
  const http = new x402HTTPClient(payer);
  return {
    key,
    address,
    dir,
    seen,
    fetch: wrapFetchWithPayment(recording, http),
    http,
    prepaying: payingFetch(recording, payer),
  };
}
