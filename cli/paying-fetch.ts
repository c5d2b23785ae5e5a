// A paying fetch that pays up front once it knows a route's terms: @x402/fetch's wrapper sends
// every request twice (unpaid for the 402 quote, then paid), so a voucher-paid call costs two HTTP
// exchanges and the server a quote per call. This one remembers the PAYMENT-REQUIRED of each
// method and URL and sends the next request with its payment at once (one exchange). When the
// terms changed or the payment is refused (a 402), the scheme reads the answer first (a
// batch-settlement channel resynchronises from a corrective 402; a refused voucher advanced
// nothing on either side), the remembered terms are dropped and the request goes the ordinary
// way: quote, pay, and retry once after a corrective 402.
import { type x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { wrapFetchWithPayment } from "@x402/fetch";

export function payingFetch(fetchImpl: typeof fetch, client: x402Client): typeof fetch {
  const http = new x402HTTPClient(client);
  const known = new Map<string, PaymentRequired>();
  const keyOf = (r: Request) => `${r.method} ${r.url}`;
  // The ordinary path, learning the terms from every unpaid 402 it is quoted.
  const learning: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetchImpl(request);
    const header = response.headers.get("payment-required");
    if (response.status === 402 && header && !request.headers.has("payment-signature"))
      known.set(keyOf(request), decodePaymentRequiredHeader(header));
    return response;
  };
  const ordinary = wrapFetchWithPayment(learning, http);

  return async (input, init) => {
    const request = new Request(input, init);
    const terms = known.get(keyOf(request));
    if (!terms || request.headers.has("payment-signature")) return ordinary(request);
    const fallback = request.clone();
    const payload = await client.createPaymentPayload(terms);
    for (const [name, value] of Object.entries(http.encodePaymentSignatureHeader(payload)))
      request.headers.set(name, value);
    const response = await fetchImpl(request);
    await http.processPaymentResult(payload, (name) => response.headers.get(name), response.status);
    if (response.status !== 402) return response;
    known.delete(keyOf(request));
    await response.body?.cancel();
    return ordinary(fallback);
  };
}
