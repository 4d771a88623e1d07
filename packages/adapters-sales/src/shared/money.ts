/** Amounts in a currency's minor unit, shared by the platform mappings: how many digits it has, and exact conversions. */

/** Digits after the decimal point in a currency's amounts (2 for USD, 0 for JPY), from the runtime's ICU data. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * `numerator / denominator` rounded half away from zero, in integers only (both must be safe integers, the
 * denominator positive), so that no binary fraction ever creeps into an amount of money.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (2 * remainder >= denominator ? quotient + 1 : quotient);
}

/**
 * The minor units of a number a platform formatted for people (`"1,234.50"`, `"12,50"`, `"€10"`, `"¥1,200"`,
 * `"$10 a month"`), or null when there is none. The last `.` or `,` is the decimal mark when at most `digits` digits
 * follow it (amounts are written with all their decimals or none); any other is a thousands separator.
 */
export function formattedMinorUnits(text: string, digits: number): number | null {
  const written = /\d[\d.,]*/.exec(text)?.[0]?.replace(/[.,]+$/, '');
  if (written === undefined) return null;
  const mark = Math.max(written.lastIndexOf('.'), written.lastIndexOf(','));
  const after = mark === -1 ? '' : written.slice(mark + 1);
  const decimal = digits > 0 && mark !== -1 && after.length <= digits;
  const whole = (decimal ? written.slice(0, mark) : written).replace(/[.,]/g, '');
  const value = Number(`${whole}${decimal ? after.padEnd(digits, '0') : '0'.repeat(digits)}`);
  return Number.isSafeInteger(value) ? value : null;
}
