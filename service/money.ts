// Dollar strings ↔ atomic USDC units with integer arithmetic only (6 decimals).

export const USDC_DECIMALS = 6;
const DOLLARS = /^(0|[1-9][0-9]*)(?:\.([0-9]{1,6}))?$/;

/** "0.005" → 5000n. Throws on anything that is not a plain non-negative decimal with ≤ 6 places. */
export function dollarsToAtomic(dollars: string): bigint {
  const m = DOLLARS.exec(dollars);
  if (!m) throw new Error(`not a dollar amount with at most ${USDC_DECIMALS} decimals: ${dollars}`);
  const whole = BigInt(m[1] ?? "0");
  const frac = BigInt((m[2] ?? "").padEnd(USDC_DECIMALS, "0"));
  return whole * 10n ** BigInt(USDC_DECIMALS) + frac;
}

/** 5000n → "0.005" (no trailing zeros, "0" for zero). */
export function atomicToDollars(atomic: bigint): string {
  const scale = 10n ** BigInt(USDC_DECIMALS);
  const whole = atomic / scale;
  const frac = (atomic % scale).toString().padStart(USDC_DECIMALS, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}
