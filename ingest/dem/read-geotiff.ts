// The GeoTIFF part shared by the 3DEP and Copernicus readers: one band, north-up, geographic
// coordinates, read with `geotiff`. Returns the raster with its corner geotransform (PixelIsPoint
// files are shifted by half a pixel, as GDAL does) and the GDAL_NODATA value.
import { fromArrayBuffer } from "geotiff";

export interface GeoTiffRaster {
  width: number;
  height: number;
  /** Corner of pixel (0,0): longitude of its western edge, latitude of its northern edge. */
  west: number;
  north: number;
  pixelWidth: number;
  pixelHeight: number;
  /** EPSG code of the geographic CRS (GeographicTypeGeoKey), or null when the file names none. */
  epsg: number | null;
  noData: number | null;
  /** TIFF SampleFormat: 1 unsigned integer, 2 signed integer, 3 IEEE float. */
  sampleFormat: number;
  bitsPerSample: number;
  raw: ArrayLike<number>;
}

/**
 * Parses a GeoTIFF held in memory; throws with the file name on anything this service cannot use.
 * With `samples` false only the directory is read (`raw` is empty): a build learns every block's
 * shape before it paints, and decoding a 3DEP block twice was a third of a DEM build's CPU.
 */
export async function readGeoTiff(
  fileName: string,
  bytes: Uint8Array,
  samples = true,
): Promise<GeoTiffRaster> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const tiff = await fromArrayBuffer(buffer);
  const image = await tiff.getImage(0);
  if (image.getSamplesPerPixel() !== 1)
    throw new Error(`${fileName}: expected one band, found ${image.getSamplesPerPixel()}`);
  const keys = image.getGeoKeys() ?? {};
  if (keys.GTModelTypeGeoKey !== 2) {
    throw new Error(
      `${fileName}: not in geographic coordinates (GTModelTypeGeoKey ${keys.GTModelTypeGeoKey})`,
    );
  }
  const [ox, oy] = image.getOrigin();
  const [rx, ry] = image.getResolution();
  if (
    ox === undefined ||
    oy === undefined ||
    rx === undefined ||
    ry === undefined ||
    !(rx > 0) ||
    !(ry < 0)
  ) {
    throw new Error(`${fileName}: not a north-up raster with a tiepoint and a pixel scale`);
  }
  const pixelWidth = rx;
  const pixelHeight = -ry;
  const isPoint = keys.GTRasterTypeGeoKey === 2;
  const west = isPoint ? ox - pixelWidth / 2 : ox;
  const north = isPoint ? oy + pixelHeight / 2 : oy;
  const rasters = samples ? await image.readRasters({ samples: [0], interleave: true }) : [];
  return {
    width: image.getWidth(),
    height: image.getHeight(),
    west,
    north,
    pixelWidth,
    pixelHeight,
    epsg: typeof keys.GeographicTypeGeoKey === "number" ? keys.GeographicTypeGeoKey : null,
    noData: image.getGDALNoData(),
    sampleFormat: image.getSampleFormat(0),
    bitsPerSample: image.getBitsPerSample(0),
    raw: rasters as unknown as ArrayLike<number>,
  };
}
