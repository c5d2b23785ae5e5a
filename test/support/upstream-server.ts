// A loopback HTTP server standing in for an upstream data host in refresh tests: it serves the
// files of a folder with Content-Length, a content-hash ETag and Last-Modified, answers
// conditional requests with 304, serves byte ranges (`Range: bytes=N-`, 206) for resumed
// downloads, records every request, and can be told to cut a transfer short (always, or once)
// or to state a digest (Repr-Digest) of other bytes.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

export interface UpstreamRequest {
  method: string;
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  range?: string;
  status: number;
}

export interface Upstream {
  url: string;
  requests: UpstreamRequest[];
  /** Paths answered with half their bytes, then a cut connection. */
  truncated: Set<string>;
  /** Paths whose next transfer is cut after half their bytes (then served whole). */
  cutOnce: Set<string>;
  /** Path → the sha256 (hex) its Repr-Digest header states. */
  digests: Map<string, string>;
  /** Paths served without an ETag (only Last-Modified / If-Modified-Since). */
  withoutEtag: Set<string>;
  close(): Promise<void>;
}

export async function startUpstream(root: string): Promise<Upstream> {
  const requests: UpstreamRequest[] = [];
  const truncated = new Set<string>();
  const cutOnce = new Set<string>();
  const digests = new Map<string, string>();
  const withoutEtag = new Set<string>();
  const server = createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const record = (status: number) =>
      requests.push({
        method: req.method ?? "GET",
        path: urlPath,
        ...(req.headers["if-none-match"] ? { ifNoneMatch: req.headers["if-none-match"] } : {}),
        ...(req.headers["if-modified-since"] ? { ifModifiedSince: req.headers["if-modified-since"] } : {}),
        ...(req.headers.range ? { range: req.headers.range } : {}),
        status,
      });
    const file = path.join(root, ...urlPath.split("/").filter((s) => s !== "" && s !== ".."));
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      record(404);
      res.writeHead(404).end();
      return;
    }
    const etag = `"${createHash("sha256")
      .update(await readFile(file))
      .digest("hex")
      .slice(0, 32)}"`;
    const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString();
    const headers: Record<string, string | number> = {
      ...(withoutEtag.has(urlPath) ? {} : { etag }),
      "last-modified": lastModified,
    };
    const since = req.headers["if-modified-since"];
    const notModified = req.headers["if-none-match"]
      ? req.headers["if-none-match"] === headers.etag
      : since !== undefined && Date.parse(since) >= Date.parse(lastModified);
    if (notModified) {
      record(304);
      res.writeHead(304, headers).end();
      return;
    }
    const stated = digests.get(urlPath);
    if (stated) headers["repr-digest"] = `sha-256=:${Buffer.from(stated, "hex").toString("base64")}:`;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    const from = range ? Number(range[1]) : 0;
    if (from >= info.size && range) {
      record(416);
      res.writeHead(416, { "content-range": `bytes */${info.size}` }).end();
      return;
    }
    headers["content-length"] = info.size - from;
    if (range) headers["content-range"] = `bytes ${from}-${info.size - 1}/${info.size}`;
    record(range ? 206 : 200);
    res.writeHead(range ? 206 : 200, headers);
    const cut = truncated.has(urlPath) || cutOnce.delete(urlPath);
    if (req.method === "HEAD") {
      res.end();
    } else if (cut) {
      createReadStream(file, { start: from, end: from + Math.floor((info.size - from) / 2) - 1 })
        .on("end", () => res.socket?.destroy())
        .pipe(res, { end: false });
    } else {
      createReadStream(file, { start: from }).pipe(res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    truncated,
    cutOnce,
    digests,
    withoutEtag,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
