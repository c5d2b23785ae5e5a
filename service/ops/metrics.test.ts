// Requests are counted per request in a map and read into the Prometheus counter at each scrape:
// the totals a scrape shows are every request so far, across scrapes.
import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics.ts";

const line = (text: string, labels: string) =>
  text.split("\n").find((l) => l.startsWith(`geo402_http_requests_total{${labels}}`));

describe("request counts", () => {
  it("a scrape shows every request counted so far, by labels", async () => {
    const m = createMetrics();
    m.countRequest("POST", "/v1/hello", 402, "quoted");
    m.countRequest("POST", "/v1/hello", 402, "quoted");
    m.countRequest("GET", "unrouted", 404, "none");
    const first = await m.registry.metrics();
    expect(line(first, 'method="POST",route="/v1/hello",status="402",payment="quoted"')).toMatch(/ 2$/);
    expect(line(first, 'method="GET",route="unrouted",status="404",payment="none"')).toMatch(/ 1$/);
    m.countRequest("POST", "/v1/hello", 402, "quoted");
    const second = await m.registry.metrics();
    expect(line(second, 'method="POST",route="/v1/hello",status="402",payment="quoted"')).toMatch(/ 3$/);
    expect(line(second, 'method="GET",route="unrouted",status="404",payment="none"')).toMatch(/ 1$/);
  });
});
