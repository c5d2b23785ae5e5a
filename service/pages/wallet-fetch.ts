// In the browser: the official x402 client, unmodified, paying from the page's EIP-1193 wallet
// (window.ethereum: a browser extension, or the test's injected wallet). @x402/fetch wraps the
// page's fetch; @x402/evm's ExactEvmScheme builds the EIP-3009 authorization and the wallet signs
// it (eth_signTypedData_v4 through a viem wallet client). Bundled into the pages by esbuild.
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import { createWalletClient, custom, type EIP1193Provider } from "viem";

export interface PaidAnswer {
  status: number;
  body: unknown;
  /** The decoded PAYMENT-RESPONSE, when the service sent one. */
  settlement: ReturnType<typeof decodePaymentResponseHeader> | null;
}

/** The page's wallet, or null when the browser has none. */
export function pageWallet(): EIP1193Provider | null {
  return (globalThis as { ethereum?: EIP1193Provider }).ethereum ?? null;
}

/** Asks the wallet for its account and returns a fetch that pays 402s from it. */
export async function connectWallet(
  wallet: EIP1193Provider,
): Promise<{ address: `0x${string}`; pay(url: string, init?: RequestInit): Promise<PaidAnswer> }> {
  const [address] = await wallet.request({ method: "eth_requestAccounts" });
  if (!address) throw new Error("the wallet has no account");
  const client = createWalletClient({ account: address, transport: custom(wallet) });
  const signer = {
    address,
    signTypedData: (typed: Parameters<typeof client.signTypedData>[0]) => client.signTypedData(typed),
  };
  const paying = wrapFetchWithPayment(
    fetch,
    new x402Client().register("eip155:*", new ExactEvmScheme(signer)),
  );
  return {
    address,
    async pay(url, init) {
      const response = await paying(url, init);
      const settled = response.headers.get("PAYMENT-RESPONSE");
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return {
        status: response.status,
        body,
        settlement: settled ? decodePaymentResponseHeader(settled) : null,
      };
    },
  };
}

export type Payer = Awaited<ReturnType<typeof connectWallet>>;

/** A failure as the pages' status line says it. */
export const failure = (err: unknown): string =>
  `Failed: ${err instanceof Error ? err.message : String(err)}`;

/** Wires a page's Connect button: asks the page's wallet, says what happened in `status`, hands the payer on. */
export function onConnect(
  button: HTMLButtonElement,
  status: HTMLElement,
  connected: (payer: Payer) => void,
): void {
  button.addEventListener("click", async () => {
    const wallet = pageWallet();
    if (!wallet) {
      status.textContent = "No browser wallet found: install one (EIP-1193, e.g. MetaMask) and reload.";
      return;
    }
    try {
      const payer = await connectWallet(wallet);
      status.textContent = `Connected: ${payer.address}`;
      button.disabled = true;
      connected(payer);
    } catch (err) {
      status.textContent = failure(err);
    }
  });
}
