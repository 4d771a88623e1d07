/** How times, money and counts read in the studio. */
export function minutes(total: number | null | undefined): string | undefined {
  if (total === null || total === undefined) return undefined;
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}

export function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 10 ** minorDigits(currency));
}

export function date(iso: string): string {
  return new Date(iso).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}

export const PRODUCT_TYPES = {
  ebook: 'Ebook',
  recipe_card_pack: 'Recipe card pack',
  meal_plan: 'Meal plan',
  lead_magnet: 'Free sample',
} as const;

/** Digits after the point in a currency's amounts (2 for USD, 0 for JPY), as the API's minor units count them. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `12.5` in USD → 1250; null for what is not an amount. */
export function toMinorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^\s*(\d{1,9})(?:[.,](\d*))?\s*$/.exec(text);
  if (match === null) return null;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.slice(0, digits) || '0');
}

export function fromMinorUnits(cents: number, currency: string): string {
  const digits = minorDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}
