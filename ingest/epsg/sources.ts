// Upstream input of the crs family: PROJ 9.5.1's proj.db (EPSG v11.022), as bundled in pyproj 3.7.2.
import type { SourceEntry } from "../sources.ts";

export const EPSG_SOURCES: readonly SourceEntry[] = [
  {
    id: "epsg-proj-db",
    // PyPI's stable per-file URL form; the database is the wheel member below (byte-identical to
    // the proj.db PROJ 9.5.1 builds from its data/sql, EPSG v11.022).
    url: "https://files.pythonhosted.org/packages/cp312/p/pyproj/pyproj-3.7.2-cp312-cp312-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
    archiveMember: "pyproj/proj_dir/share/proj/proj.db",
    sha256: "a25d85a2ebfc4584eba65186b7c41743b084ce5d391941cbb41c805947b77109",
    bytes: 9261056,
    vintage: "EPSG v11.022 (2024-11-05), PROJ 9.5.1 proj.db",
    license: "MIT (PROJ); EPSG Dataset Terms of Use",
    attribution:
      "EPSG Geodetic Parameter Dataset, IOGP (epsg.org), v11.022; proj.db from PROJ 9.5.1 (MIT, © the PROJ contributors)",
    mirrorPath: "epsg/proj.db",
    mirroredAt: "2026-11-21",
  },
];
