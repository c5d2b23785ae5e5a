// Browser entry of the paywall page (service/payment/paywall.ts renders the HTML): connects the
// browser's wallet and pays this very URL with the official client (wallet-fetch.ts), asking for
// JSON, then shows the answer and the settlement. A POST route sends the body from the textarea.
import type { PaywallPageData } from "../payment/paywall.ts";
import { failure, onConnect, type PaidAnswer, type Payer } from "./wallet-fetch.ts";

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const data = JSON.parse(element("geo402-paywall").textContent ?? "{}") as PaywallPageData;
const connect = element<HTMLButtonElement>("connect");
const pay = element<HTMLButtonElement>("pay");
const status = element("status");
const answer = element("answer");

let payer: Payer | null = null;

onConnect(connect, status, (connected) => {
  payer = connected;
  pay.disabled = false;
});

const show = (paid: PaidAnswer) => {
  answer.hidden = false;
  answer.textContent = JSON.stringify(paid.body, null, 2);
  status.textContent =
    paid.settlement?.success === true
      ? `Paid ${data.price}: transaction ${paid.settlement.transaction} on ${paid.settlement.network}`
      : `Answered ${paid.status}; nothing was charged`;
};

pay.addEventListener("click", async () => {
  if (!payer) return;
  pay.disabled = true;
  status.textContent = "Waiting for the wallet's signature…";
  try {
    const init: RequestInit = { method: data.method, headers: { accept: "application/json" } };
    if (data.method === "POST") {
      init.headers = { accept: "application/json", "content-type": "application/json" };
      init.body = element<HTMLTextAreaElement>("body").value;
    }
    show(await payer.pay(location.href, init));
  } catch (err) {
    status.textContent = failure(err);
  } finally {
    pay.disabled = false;
  }
});
