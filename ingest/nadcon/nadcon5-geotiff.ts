// Reads a NADCON5 grid as PROJ-data distributes it (GeoTIFF, HORIZONTAL_OFFSET or
// GEOGRAPHIC_3D_OFFSET, first two bands latitude_offset and longitude_offset in arc-seconds,
// PixelIsPoint, north-up) into a node array
// ordered from the south-west node, rows south → north, interleaved [latOffset, lonOffset], with
// longitude offsets made positive east. Any other layout is refused.
import { fromArrayBuffer } from "geotiff";

export interface DecodedShiftGrid {
  west: number;
  south: number;
  resX: number;
  resY: number;
  width: number;
  height: number;
  /** width × height × 2 values. */
  nodes: Float32Array;
  /** GDAL metadata recorded in the file (area_of_use, target_crs_epsg_code, …). */
  metadata: Record<string, string>;
  description: string;
}

function gdalItems(xml: string): { name: string; sample?: number; role?: string; value: string }[] {
  return [
    ...xml.matchAll(/<Item name="([^"]+)"(?: sample="(\d+)")?(?: role="([^"]+)")?>([^<]*)<\/Item>/g),
  ].map((m) => ({
    name: m[1] as string,
    ...(m[2] !== undefined ? { sample: Number(m[2]) } : {}),
    ...(m[3] !== undefined ? { role: m[3] } : {}),
    value: m[4] as string,
  }));
}

export async function decodeNadcon5GeoTiff(bytes: Uint8Array, label: string): Promise<DecodedShiftGrid> {
  const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const tiff = await fromArrayBuffer(buf);
  const image = await tiff.getImage(0);
  const fail = (why: string): never => {
    throw new Error(`${label}: not a NADCON5 horizontal shift grid (${why})`);
  };
  const xml = (await image.fileDirectory.loadValue("GDAL_METADATA")) as string | undefined;
  if (typeof xml !== "string") fail("no GDAL_METADATA");
  const items = gdalItems(xml as string);
  const get = (name: string, sample?: number) =>
    items.find((i) => i.name === name && i.sample === sample)?.value;
  // 3D NADCON5 grids add an ellipsoidal-height band; the service is horizontal only and reads bands 0 and 1.
  const type = get("TYPE");
  if (type !== "HORIZONTAL_OFFSET" && type !== "GEOGRAPHIC_3D_OFFSET") fail(`TYPE is ${type}`);
  if (get("DESCRIPTION", 0) !== "latitude_offset" || get("DESCRIPTION", 1) !== "longitude_offset")
    fail("band order");
  if (get("UNITTYPE", 0) !== "arc-second" || get("UNITTYPE", 1) !== "arc-second")
    fail("offsets are not arc-seconds");
  const lonSign = get("positive_value", 1) === "west" ? -1 : 1;
  const keys = image.getGeoKeys() as Record<string, unknown> | null;
  if (keys?.GTModelTypeGeoKey !== 2) fail("not geographic");
  if (keys?.GTRasterTypeGeoKey !== 2) fail("not PixelIsPoint");
  const [originX, originY] = image.getOrigin();
  const [resX, negResY] = image.getResolution();
  if (originX === undefined || originY === undefined || resX === undefined || negResY === undefined)
    fail("no georeference");
  if (!((resX as number) > 0 && (negResY as number) < 0)) fail("not north-up");
  const width = image.getWidth();
  const height = image.getHeight();
  if (width < 3 || height < 3) fail("fewer than 3 nodes on an axis");
  const rasters = (await image.readRasters({ samples: [0, 1] })) as unknown as ArrayLike<number>[];
  const lat = rasters[0];
  const lon = rasters[1];
  if (!lat || !lon) fail("missing bands");
  const nodes = new Float32Array(width * height * 2);
  for (let row = 0; row < height; row++) {
    const j = height - 1 - row; // rows counted from the south
    for (let i = 0; i < width; i++) {
      const src = row * width + i;
      const dst = (j * width + i) * 2;
      nodes[dst] = (lat as ArrayLike<number>)[src] as number;
      nodes[dst + 1] = lonSign * ((lon as ArrayLike<number>)[src] as number);
    }
  }
  const metadata: Record<string, string> = {};
  for (const it of items) if (it.sample === undefined) metadata[it.name] = it.value;
  const description = ((await image.fileDirectory.loadValue("ImageDescription")) as string | undefined) ?? "";
  const resY = -(negResY as number);
  return {
    west: originX as number,
    south: (originY as number) - (height - 1) * resY,
    resX: resX as number,
    resY,
    width,
    height,
    nodes,
    metadata,
    description,
  };
}
