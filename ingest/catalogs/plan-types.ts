// What a resolver returns: the upstream files of a family's spec coverage, as the publisher's
// catalog lists them, and where that catalog came from. The lock file stores exactly this.

export interface CatalogRef {
  /** The publisher's index (null: the publisher has none; see `note`). */
  url: string | null;
  /** Where the mirror keeps a copy of the index, if anywhere. */
  mirrorPath: string | null;
  /** SHA-256 and size of the index bytes the plan was resolved from (null: no index). */
  sha256: string | null;
  bytes: number | null;
  /** Where those bytes were read: a `--catalogs` folder (a test fixture), the mirror, or the URL. */
  origin: "catalogs-folder" | "mirror" | "download" | null;
  note?: string;
}

export interface PlannedFile {
  /** Cell, block, grid or file name. */
  name: string;
  url: string;
  /** Exact size and SHA-256 where the catalog gives them, else null. */
  bytes: number | null;
  sha256: string | null;
  /** The mirror file whose presence means the mirror holds this upstream file. */
  mirrorPath: string;
  /** What the catalog says besides (area, band, edition, issue date, region, …). */
  detail: Record<string, string | number | null>;
}

export interface FamilyPlan {
  family: string;
  catalog: CatalogRef;
  /** The selection rule in words. */
  rule: string;
  files: PlannedFile[];
  /**
   * Files the spec's coverage has when the catalog could not be read (`catalog.origin` null): the
   * plan then names only the files known without it (the family's pinned inputs). Absent: the
   * catalog named every file, and the coverage is `files.length`.
   */
  specified?: number;
}

/** A resolver: the catalog's text (null when the publisher has no index) → the selected files. */
export interface Resolver {
  family: string;
  catalog: Omit<CatalogRef, "sha256" | "bytes" | "origin">;
  rule: string;
  select(catalogText: string | null): PlannedFile[];
  /**
   * What can be said without the catalog (offline, no copy in the mirror): the spec's count and the
   * files known from the family's pinned inputs. Without it a missing catalog is an error.
   */
  withoutCatalog?: { specified: number; files(): PlannedFile[] };
}
