// Browser entry (bundled by esbuild for test/ops/browser-pays.ops.test.ts): the official x402
// client, unmodified — @x402/fetch's wrapFetchWithPayment over the page's own fetch, with
// @x402/evm's ExactEvmScheme signing through the page's EIP-1193 wallet (window.ethereum) by a
// viem wallet client. The test calls `geo402Pay(url, init)` in the page.
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import { createWalletClient, custom, type EIP1193Provider } from "viem";

const page = globalThis as unknown as {
  ethereum: EIP1193Provider;
  geo402Pay(url: string, init?: RequestInit): Promise<unknown>;
};

page.geo402Pay = async (url, init) => {
  const [address] = await page.ethereum.request({ method: "eth_requestAccounts" });
  if (!address) throw new Error("the wallet has no account");
  const wallet = createWalletClient({ account: address, transport: custom(page.ethereum) });
  const signer = {
    address,
    signTypedData: (typed: Parameters<typeof wallet.signTypedData>[0]) => wallet.signTypedData(typed),
  };
  const client = new x402Client().register("eip155:*", new ExactEvmScheme(signer));
  const response = await wrapFetchWithPayment(fetch, client)(url, init);
  const settled = response.headers.get("PAYMENT-RESPONSE");
  return {
    status: response.status,
    body: await response.json(),
    settlement: settled ? decodePaymentResponseHeader(settled) : null,
  };
};
