// Browser entry (bundled by esbuild for test/ops/browser-pays.ops.test.ts): the official x402
// client, unmodified (service/pages/wallet-fetch.ts: @x402/fetch + ExactEvmScheme over the page's
// EIP-1193 wallet). The test calls `geo402Pay(url, init)` in the page.
import { connectWallet, type PaidAnswer, pageWallet } from "../../../service/pages/wallet-fetch.ts";

(globalThis as unknown as { geo402Pay(url: string, init?: RequestInit): Promise<PaidAnswer> }).geo402Pay =
  async (url, init) => {
    const wallet = pageWallet();
    if (!wallet) throw new Error("no window.ethereum");
    return (await connectWallet(wallet)).pay(url, init);
  };
