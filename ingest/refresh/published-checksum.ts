// Checksums an upstream publishes beside its files. PROJ-data's files.geojson lists every grid of
// cdn.proj.org with `name`, `file_size` and `sha256sum`; a download is refused when it differs.
import type { PublishedChecksum } from "../sources.ts";
import { RefreshError } from "./refresh-error.ts";

export interface PublishedDigest {
  sha256: string;
  bytes?: number;
}

/** Fetches each checksum list once per refresh run. */
export type ChecksumLists = Map<string, Promise<unknown>>;

async function fetchList(url: string, lists: ChecksumLists, fetchFn: typeof fetch): Promise<unknown> {
  let list = lists.get(url);
  if (!list) {
    list = (async () => {
      let res: Response;
      try {
        res = await fetchFn(url);
      } catch (err) {
        throw new RefreshError("upstream_unavailable", `checksum list ${url}: ${(err as Error).message}`);
      }
      if (!res.ok) throw new RefreshError("upstream_unavailable", `checksum list ${url}: HTTP ${res.status}`);
      try {
        return (await res.json()) as unknown;
      } catch {
        throw new RefreshError("upstream_unavailable", `checksum list ${url} is not JSON`);
      }
    })();
    lists.set(url, list);
  }
  return list;
}

/** What the upstream publishes for the file named by the last segment of `fileUrl`; throws when it lists none. */
export async function publishedDigest(
  published: PublishedChecksum,
  fileUrl: string,
  lists: ChecksumLists,
  fetchFn: typeof fetch = fetch,
): Promise<PublishedDigest> {
  const name = decodeURIComponent(new URL(fileUrl).pathname.split("/").pop() ?? "");
  const list = (await fetchList(published.url, lists, fetchFn)) as {
    features?: { properties?: { name?: unknown; file_size?: unknown; sha256sum?: unknown } }[];
  };
  const props = list.features?.find((f) => f.properties?.name === name)?.properties;
  const sha256 = typeof props?.sha256sum === "string" ? props.sha256sum.toLowerCase() : undefined;
  if (!sha256 || !/^[0-9a-f]{64}$/.test(sha256)) {
    throw new RefreshError("checksum_mismatch", `${published.url} lists no sha256sum for ${name}`);
  }
  return { sha256, ...(typeof props?.file_size === "number" ? { bytes: props.file_size } : {}) };
}
