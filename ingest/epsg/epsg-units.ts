// EPSG parameter values → the values PROJ computes with. PROJ instantiates an EPSG operation by
// exporting it to a PROJ string and parsing that string back, so each value is (1) converted to
// degrees / metres / unity, with sexagesimal DMS (EPSG unit 9110) decoded the way PROJ decodes
// it, and (2) printed with 15 significant digits, after snapping to one decimal when within 1e-8
// of it (PROJ's formatToString). Reproducing both steps is what makes answers agree with PROJ
// to well under 1e-8 m (e.g. lon_0 = -110.166666666667, not -110.1666…67).

/** EPSG unit codes the service's code set uses, with metres / degrees / unity per unit. */
const LINEAR: Record<number, number> = { 9001: 1, 9002: 0.3048, 9003: 0.30480060960121924 };
const ANGULAR_DEGREES: Record<number, number> = { 9102: 1, 9122: 1 };
const SCALE: Record<number, number> = { 9201: 1, 9203: 1, 9202: 1e-6 };
const GRAD_FACTOR = 0.01570796326794895;
const DEGREE_FACTOR = 0.017453292519943278;

/** PROJ's formatting of a parameter: snap to one decimal within 1e-8, then 15 significant digits. */
export function projRound(value: number): number {
  let v = value;
  if (Math.abs(v * 10 - Math.round(v * 10)) < 1e-8) v = Math.round(v * 10) / 10;
  return Number(v.toPrecision(15));
}

/** EPSG 9110 "sexagesimal DMS" (DDD.MMSSsss) → decimal degrees, as PROJ decodes it (via 12 fixed decimals). */
export function sexagesimalToDegrees(value: number): number {
  const formatted = Math.abs(value).toFixed(12);
  const dot = formatted.indexOf(".");
  const whole = Number(formatted.slice(0, dot));
  const minutes = Number(formatted.slice(dot + 1, dot + 3));
  const seconds = Number(formatted.slice(dot + 3)) / 1e8;
  return (value < 0 ? -1 : 1) * (whole + minutes / 60 + seconds / 3600);
}

/** An angle in its EPSG unit → degrees (before PROJ's rounding). */
export function angleToDegrees(value: number, uomCode: number): number {
  if (uomCode === 9110) return sexagesimalToDegrees(value);
  if (uomCode === 9105) return (value * GRAD_FACTOR) / DEGREE_FACTOR;
  if (uomCode === 9101) return (value * 180) / Math.PI;
  const f = ANGULAR_DEGREES[uomCode];
  if (f === undefined) throw new Error(`unsupported angular unit EPSG:${uomCode}`);
  return value * f;
}

export function lengthToMeters(value: number, uomCode: number): number {
  const f = LINEAR[uomCode];
  if (f === undefined) throw new Error(`unsupported linear unit EPSG:${uomCode}`);
  return value * f;
}

export function scaleToUnity(value: number, uomCode: number): number {
  const f = SCALE[uomCode];
  if (f === undefined) throw new Error(`unsupported scale unit EPSG:${uomCode}`);
  return value * f;
}

/** The service's unit name for an axis unit, with PROJ's metres per unit (unitconvert's table). */
export function axisUnit(uomCode: number): { unit: "m" | "ft" | "us-ft"; toMeter: number } {
  if (uomCode === 9001) return { unit: "m", toMeter: 1 };
  if (uomCode === 9002) return { unit: "ft", toMeter: 0.3048 };
  if (uomCode === 9003) return { unit: "us-ft", toMeter: 1200 / 3937 };
  throw new Error(`unsupported axis unit EPSG:${uomCode}`);
}

/**
 * Helmert parameter units → PROJ's +proj=helmert units (m, arc-seconds, ppm, and per year).
 * EPSG stores rates with per-second conversion factors, so the factors are spelled out here.
 */
const HELMERT_UNITS: Record<number, number> = {
  9001: 1,
  1025: 1e-3, // millimetre → metre
  1042: 1, // metres per year
  1027: 1e-3, // millimetres per year → metres per year
  9104: 1, // arc-second
  1031: 1e-3, // milliarc-second → arc-second
  1043: 1, // arc-seconds per year
  1032: 1e-3, // milliarc-seconds per year → arc-seconds per year
  9202: 1, // parts per million
  1028: 1e-3, // parts per billion → ppm
  1041: 1, // ppm per year
  1030: 1e-3, // parts per billion per year → ppm per year
};

export function helmertValue(value: number, uomCode: number): number {
  const f = HELMERT_UNITS[uomCode];
  if (f === undefined) throw new Error(`unsupported Helmert parameter unit EPSG:${uomCode}`);
  return projRound(value * f);
}
