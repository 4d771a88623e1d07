import { err, ok, type Result } from 'neverthrow';

// P[n]Y[n]M[n]W[n]D[T[n]H[n]M[n]S], each number possibly decimal (dot or comma), at least one part present.
const DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

const number = (part: string | undefined): number => (part === undefined ? 0 : Number(part.replace(',', '.')));

/**
 * An ISO 8601 duration (`PT1H30M`, `P0DT0H45M`, `PT90M`, `PT1.5H`, `P1D`) in whole minutes, rounded to the nearest.
 * Years and months have no fixed length, so a duration that uses them is refused rather than guessed.
 */
export function isoDurationMinutes(text: string): Result<number, string> {
  const trimmed = text.trim();
  const match = DURATION.exec(trimmed);
  // "P" alone and "P…T" with nothing after the T match the pattern but are not durations.
  if (match === null || trimmed.length === 1 || /T$/i.test(trimmed)) {
    return err(`${JSON.stringify(text)} is not an ISO 8601 duration such as PT1H30M`);
  }
  const [, years, months, weeks, days, hours, minutes, seconds] = match;
  if (number(years) > 0 || number(months) > 0) return err(`${JSON.stringify(text)} uses years or months, which have no fixed length`);
  const totalMinutes = number(weeks) * 7 * 24 * 60 + number(days) * 24 * 60 + number(hours) * 60 + number(minutes) + number(seconds) / 60;
  return ok(Math.round(totalMinutes));
}

/** Whole minutes as the shortest ISO 8601 duration (`90` → `PT1H30M`), for exports. */
export function minutesToIsoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}
