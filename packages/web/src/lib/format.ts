/** How times, money and counts read in the studio. */
export function minutes(total: number | null | undefined): string | undefined {
  if (total === null || total === undefined) return undefined;
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * A whole number with thousands separators, as English writes it (`12,345`). Not `toLocaleString`: a page's first call
 * into the browser's number formatting loads its locale data, some 13 ms of the library's first render on a phone-class
 * CPU (four times that under Lighthouse's slowdown), for a comma.
 */
export function count(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

export function plural(number: number, one: string, many = `${one}s`): string {
  return `${count(number)} ${number === 1 ? one : many}`;
}

/** One formatter per currency, made on first use: a table of 25 amounts makes one, not 50. */
const currencyFormats = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en', { style: 'currency', currency });
    currencyFormats.set(currency, format);
  }
  return format;
}

export function money(cents: number, currency: string): string {
  return currencyFormat(currency).format(cents / 10 ** minorDigits(currency));
}

let dayFormat: Intl.DateTimeFormat | undefined;
let momentFormat: Intl.DateTimeFormat | undefined;

/** `Nov 3, 2026`, in the person's time zone. */
export function date(iso: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormat.format(new Date(iso));
}

/** `Nov 3, 2026, 02:05 PM`, in the person's time zone: when a reader signed up. */
export function dateTime(iso: string): string {
  momentFormat ??= new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return momentFormat.format(new Date(iso));
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
    return currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
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
