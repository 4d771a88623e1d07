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
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
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
