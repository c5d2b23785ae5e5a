// A small GeoTIFF writer for tests: one Float32 band, uncompressed, one strip, little-endian,
// geographic CRS (EPSG code), pixel-is-area, tiepoint + pixel scale, GDAL_NODATA. GDAL and
// `geotiff` read its output (see make-gdal-reference.sh).

export interface GeoTiffSpec {
  width: number;
  height: number;
  values: Float32Array;
  /** Corner of pixel (0,0): west edge, north edge, in degrees. */
  west: number;
  north: number;
  pixelWidth: number;
  pixelHeight: number;
  epsg: number;
  /** GDAL_NODATA text, e.g. "-999999"; omitted when undefined. */
  noData?: string;
}

const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;
const TYPE_BYTES: Record<number, number> = { [SHORT]: 2, [LONG]: 4, [ASCII]: 1, [DOUBLE]: 8 };

interface Tag {
  code: number;
  type: number;
  values: number[] | string;
}

export function writeGeoTiff(spec: GeoTiffSpec): Uint8Array {
  if (spec.values.length !== spec.width * spec.height) throw new Error("values do not fill width × height");
  const dataBytes = spec.values.length * 4;
  const tags: Tag[] = [
    { code: 256, type: LONG, values: [spec.width] },
    { code: 257, type: LONG, values: [spec.height] },
    { code: 258, type: SHORT, values: [32] },
    { code: 259, type: SHORT, values: [1] },
    { code: 262, type: SHORT, values: [1] },
    { code: 273, type: LONG, values: [0] }, // strip offset, patched below
    { code: 277, type: SHORT, values: [1] },
    { code: 278, type: LONG, values: [spec.height] },
    { code: 279, type: LONG, values: [dataBytes] },
    { code: 284, type: SHORT, values: [1] },
    { code: 339, type: SHORT, values: [3] },
    { code: 33550, type: DOUBLE, values: [spec.pixelWidth, spec.pixelHeight, 0] },
    { code: 33922, type: DOUBLE, values: [0, 0, 0, spec.west, spec.north, 0] },
    { code: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, spec.epsg] },
    ...(spec.noData === undefined ? [] : [{ code: 42113, type: ASCII, values: `${spec.noData}\0` }]),
  ];
  const ifdBytes = 2 + tags.length * 12 + 4;
  const extra = (t: Tag): number => {
    const n =
      (typeof t.values === "string" ? t.values.length : t.values.length) * (TYPE_BYTES[t.type] as number);
    return n > 4 ? n + (n % 2) : 0;
  };
  const extraBytes = tags.reduce((s, t) => s + extra(t), 0);
  const dataOffset =
    8 +
    ifdBytes +
    extraBytes +
    ((8 + ifdBytes + extraBytes) % 4 === 0 ? 0 : 4 - ((8 + ifdBytes + extraBytes) % 4));
  (tags.find((t) => t.code === 273) as Tag).values = [dataOffset];
  const out = new Uint8Array(dataOffset + dataBytes);
  const dv = new DataView(out.buffer);
  out.set([0x49, 0x49], 0);
  dv.setUint16(2, 42, true);
  dv.setUint32(4, 8, true);
  dv.setUint16(8, tags.length, true);
  let extraAt = 8 + ifdBytes;
  tags.forEach((t, i) => {
    const at = 10 + i * 12;
    const count = typeof t.values === "string" ? t.values.length : t.values.length;
    dv.setUint16(at, t.code, true);
    dv.setUint16(at + 2, t.type, true);
    dv.setUint32(at + 4, count, true);
    const size = count * (TYPE_BYTES[t.type] as number);
    const target = size > 4 ? extraAt : at + 8;
    if (size > 4) {
      dv.setUint32(at + 8, extraAt, true);
      extraAt += size + (size % 2);
    }
    writeValues(dv, target, t);
  });
  dv.setUint32(10 + tags.length * 12, 0, true);
  for (let i = 0; i < spec.values.length; i++)
    dv.setFloat32(dataOffset + 4 * i, spec.values[i] as number, true);
  return out;
}

function writeValues(dv: DataView, at: number, t: Tag): void {
  if (typeof t.values === "string") {
    for (let k = 0; k < t.values.length; k++) dv.setUint8(at + k, t.values.charCodeAt(k));
    return;
  }
  t.values.forEach((v, k) => {
    if (t.type === SHORT) dv.setUint16(at + 2 * k, v, true);
    else if (t.type === LONG) dv.setUint32(at + 4 * k, v, true);
    else dv.setFloat64(at + 8 * k, v, true);
  });
}
