import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { HOSTED_FACILITATOR_URL } from "./payment/facilitator-auth.ts";

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

  it("mines the devnet per transaction by default; GEO402_DEVNET_BLOCK_TIME takes decimal seconds, checked", () => {
    expect(loadConfig({}).devnetBlockTimeS).toBeUndefined();
    expect(loadConfig({ GEO402_DEVNET_BLOCK_TIME: "2" }).devnetBlockTimeS).toBe(2);
    expect(loadConfig({ GEO402_DEVNET_BLOCK_TIME: "0.2" }).devnetBlockTimeS).toBe(0.2);
    for (const bad of ["0", "-1", "2s", "13"])
      expect(() => loadConfig({ GEO402_DEVNET_BLOCK_TIME: bad })).toThrow(/GEO402_DEVNET_BLOCK_TIME/);
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

  describe("a hosted facilitator", () => {
    const payTo = `0x${"ab".repeat(20)}`;
    const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    // An Ed25519 CDP key is the base64 of its 32-byte seed and 32-byte public key.
    const edSecret = Buffer.alloc(64, 7).toString("base64");

    it("refuses the zero PAY_TO, which would burn every payment", () => {
      expect(
        problemsOf({ FACILITATOR_URL: "https://f.example", PAY_TO: `0x${"0".repeat(40)}` }),
      ).toHaveLength(1);
    });

    it("refuses the testnet-only x402.org facilitator with revision B, accepts it with revision A", () => {
      const env = { FACILITATOR_URL: "https://x402.org/facilitator", PAY_TO: payTo };
      expect(problemsOf(env)).toHaveLength(1);
      expect(loadConfig({ ...env, GEO402_REVISION: "A" }).facilitatorUrl).toBe(
        "https://x402.org/facilitator",
      );
    });

    it("CDP keys bring CDP's facilitator URL; FACILITATOR_URL overrides it", () => {
      const keys = { CDP_API_KEY_ID: "id-1", CDP_API_KEY_SECRET: edSecret, PAY_TO: payTo };
      const c = loadConfig(keys);
      expect(c.facilitatorUrl).toBe(HOSTED_FACILITATOR_URL.cdp);
      expect(c.facilitatorAuth).toEqual({ kind: "cdp", apiKeyId: "id-1", apiKeySecret: edSecret });
      expect(loadConfig({ ...keys, FACILITATOR_URL: "http://127.0.0.1:9" }).facilitatorUrl).toBe(
        "http://127.0.0.1:9",
      );
    });

    it("refuses half a key pair, a malformed CDP secret, two auths, and headers that are not a JSON object, naming no value", () => {
      const secret = "not-a-key-but-a-secret";
      const cases: NodeJS.ProcessEnv[] = [
        { CDP_API_KEY_ID: "id-1", PAY_TO: payTo },
        { CDP_API_KEY_ID: "id-1", CDP_API_KEY_SECRET: secret, PAY_TO: payTo },
        {
          PAYAI_API_KEY_ID: "p",
          PAYAI_API_KEY_SECRET: secret,
          FACILITATOR_HEADERS: '{"X-Key":"v"}',
          FACILITATOR_URL: "https://f.example",
          PAY_TO: payTo,
        },
        { FACILITATOR_HEADERS: `["${secret}"]`, FACILITATOR_URL: "https://f.example", PAY_TO: payTo },
        { FACILITATOR_HEADERS: '{"X-Key":"v"}', PAY_TO: payTo },
      ];
      for (const env of cases) {
        const problems = problemsOf(env);
        expect(problems.length).toBeGreaterThan(0);
        expect(problems.join("\n")).not.toContain(secret);
      }
    });

    it("passes static headers through and matches the URLs the makers' packages configure", async () => {
      const c = loadConfig({
        FACILITATOR_HEADERS: '{"X-Api-Key":"k"}',
        FACILITATOR_URL: "https://f.example",
        PAY_TO: payTo,
      });
      expect(c.facilitatorAuth).toEqual({ kind: "headers", headers: { "X-Api-Key": "k" } });
      expect((await import("@coinbase/x402")).createFacilitatorConfig().url).toBe(HOSTED_FACILITATOR_URL.cdp);
      expect((await import("@payai/facilitator")).createFacilitatorConfig().url).toBe(
        HOSTED_FACILITATOR_URL.payai,
      );
    });
  });
});
