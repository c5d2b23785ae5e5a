import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to revision B on eip155:8453, port 4020, loopback, devnet mode", () => {
    const c = loadConfig({}, "/srv");
    expect(c).toMatchObject({ revision: "B", network: "eip155:8453", port: 4020, host: "127.0.0.1" });
    expect(c.facilitatorUrl).toBeUndefined();
    expect(c.artifactsDir).toBe("/srv/artifacts");
    expect(c.home).toBe("/srv/.geo402");
  });

  it("caps connections (8192, 256 per address), headers (10 s) and idle keep-alive (75 s) by default, all checked", () => {
    expect(loadConfig({})).toMatchObject({
      maxConnections: 8192,
      maxConnectionsPerAddress: 256,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 75_000,
    });
    expect(loadConfig({ GEO402_MAX_CONNECTIONS: "100", GEO402_KEEPALIVE_TIMEOUT_MS: "250" })).toMatchObject({
      maxConnections: 100,
      keepAliveTimeoutMs: 250,
    });
    expect(() => loadConfig({ GEO402_MAX_CONNECTIONS: "0" })).toThrow(/GEO402_MAX_CONNECTIONS/);
    expect(() => loadConfig({ GEO402_KEEPALIVE_TIMEOUT_MS: "x" })).toThrow(/GEO402_KEEPALIVE_TIMEOUT_MS/);
    expect(loadConfig({ GEO402_MAX_CONNECTIONS_PER_ADDRESS: "0" }).maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ GEO402_MAX_CONNECTIONS_PER_ADDRESS: "-1" })).toThrow(
      /GEO402_MAX_CONNECTIONS_PER_ADDRESS/,
    );
    expect(() => loadConfig({ GEO402_HEADERS_TIMEOUT_MS: "50" })).toThrow(/GEO402_HEADERS_TIMEOUT_MS/);
    expect(loadConfig({ GEO402_COMPUTE_THREADS: "5" }).computePayerShare).toBe(2);
    expect(loadConfig({ GEO402_COMPUTE_THREADS: "1" }).computePayerShare).toBe(1);
    expect(() => loadConfig({ GEO402_COMPUTE_PAYER_SHARE: "0" })).toThrow(/GEO402_COMPUTE_PAYER_SHARE/);
  });

  it("drains 0 ms on SIGTERM by default; GEO402_DRAIN_MS is checked", () => {
    expect(loadConfig({}).drainMs).toBe(0);
    expect(loadConfig({ GEO402_DRAIN_MS: "3000" }).drainMs).toBe(3000);
    expect(() => loadConfig({ GEO402_DRAIN_MS: "-1" })).toThrow(/GEO402_DRAIN_MS must be an integer ≥ 0/);
    expect(() => loadConfig({ GEO402_DRAIN_MS: "3s" })).toThrow(/GEO402_DRAIN_MS/);
  });

  it("revision A settles on eip155:84532", () => {
    expect(loadConfig({ GEO402_REVISION: "A" }).network).toBe("eip155:84532");
  });

  it("production needs FACILITATOR_URL and PAY_TO together", () => {
    const c = loadConfig({ FACILITATOR_URL: "https://f.example/", PAY_TO: `0x${"ab".repeat(20)}` });
    expect(c.facilitatorUrl).toBe("https://f.example");
  });

  it("reports every problem at once", () => {
    let err: unknown;
    try {
      loadConfig({
        GEO402_REVISION: "C",
        PORT: "99999",
        FACILITATOR_URL: "ftp://x",
        PAY_TO: "0x12",
        NETWORK: "eip155:1",
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.length).toBe(5);
  });

  it("reads the admin listener and CORS origins, refusing malformed values", () => {
    const d = loadConfig({});
    expect([d.adminPort, d.adminHost, d.corsOrigins]).toEqual([4021, "127.0.0.1", "*"]);
    expect(loadConfig({ GEO402_ADMIN_PORT: "off" }).adminPort).toBeNull();
    expect(
      loadConfig({ GEO402_CORS_ORIGINS: "https://a.example, https://b.example:8443" }).corsOrigins,
    ).toEqual(["https://a.example", "https://b.example:8443"]);
    expect(() => loadConfig({ GEO402_ADMIN_PORT: "admin" })).toThrow(ConfigError);
    expect(() => loadConfig({ GEO402_CORS_ORIGINS: "https://a.example/path" })).toThrow(ConfigError);
  });
});
