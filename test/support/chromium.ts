// A real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core; no browser is
// ever downloaded) for the ops tests, with what they share: a page bundled by esbuild from a
// TypeScript entry, served from its own loopback origin, and an EIP-1193 wallet injected into the
// page whose keys stay in the test process (a devnet key, signing with viem's account).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { type Hex, type TypedDataDefinition, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll } from "vitest";
import { chainIdOf } from "../../service/devnet/anvil.ts";
import { type Payer, REPO_ROOT, startTestService, type TestService } from "./service.ts";

const CHROMIUM = "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `${CHROMIUM} not installed (apt-get install chromium)`;
}

/** Screenshots the browser tests keep as artifacts (git-ignored). */
export const SCREENSHOTS = path.join(REPO_ROOT, ".geo402/screenshots");

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Headless Chromium with a fresh profile (removed on close) and nothing that reaches past loopback. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), "geo402-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A TypeScript entry bundled for the browser (one ES module, everything inlined). */
export async function bundleForBrowser(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "chrome120",
    write: false,
    logLevel: "warning",
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error(`esbuild wrote nothing for ${entry}`);
  return file.text;
}

/** A static origin of its own on loopback: `/` is the HTML, `/page.js` the bundle. */
export async function servePage(
  html: string,
  script: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const js = req.url === "/page.js";
    res.writeHead(200, { "content-type": js ? "text/javascript" : "text/html; charset=utf-8" });
    res.end(js ? script : html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Gives the page `window.ethereum`, an EIP-1193 provider for the account of `key` on `chainId`:
 * accounts, chain id and `eth_signTypedData_v4`, answered in the test process. The page's client
 * decides what to sign; the wallet only signs it.
 */
export async function injectWallet(page: Page, key: Hex, chainId: number): Promise<void> {
  const account = privateKeyToAccount(key);
  await page.exposeFunction("geo402Wallet", async (method: string, params: unknown[]) => {
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return [account.address];
      case "eth_chainId":
        return toHex(chainId);
      case "eth_signTypedData_v4": {
        const [signer, typedData] = params as [string, string];
        if (signer.toLowerCase() !== account.address.toLowerCase())
          throw new Error(`the wallet holds ${account.address}, not ${signer}`);
        return account.signTypedData(JSON.parse(typedData) as TypedDataDefinition);
      }
      default:
        throw new Error(`the test wallet does not answer ${method}`);
    }
  });
  await page.addInitScript(() => {
    const bridge = (globalThis as unknown as { geo402Wallet(m: string, p: unknown[]): Promise<unknown> })
      .geo402Wallet;
    (globalThis as unknown as { ethereum: unknown }).ethereum = {
      request: ({ method, params }: { method: string; params?: unknown[] }) => bridge(method, params ?? []),
      on() {},
      removeListener() {},
    };
  });
}

/** What the browser tests share: the service, a funded payer, a page holding the payer's wallet. */
export interface WalletPage {
  t: TestService;
  payer: Payer;
  page: Page;
}

/**
 * The browser tests' set-up: one test service, one funded payer and a Chromium page holding that
 * payer's wallet, started before the file's tests (filled into the returned object) and closed
 * after them.
 */
export function withServiceAndWalletPage(): WalletPage {
  const shared = {} as WalletPage;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  beforeAll(async () => {
    [shared.t, browser] = await Promise.all([startTestService(), launchChromium()]);
    shared.payer = await shared.t.newPayer();
    shared.page = await browser.context.newPage();
    await injectWallet(shared.page, shared.payer.key, chainIdOf(shared.t.service.terms.network));
  });
  afterAll(async () => {
    await browser?.close();
    await shared.t?.close();
  });
  return shared;
}
