/**
 * Revenue by day, one chart per currency (currencies are never added together), each day's bar split by platform.
 * An SVG drawn at the width it is given (text stays its size at 375 px), named and described for screen readers,
 * with the same figures as a table a click away.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { money } from '../../../lib/format';
import type { DayRow } from '../api/sales';

const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
const MAX_DAYS = 92;
const COLOURS: Record<string, string> = { etsy: '#b4532a', gumroad: '#3f6b4a' };
const colour = (platform: string, index: number) => COLOURS[platform] ?? ['#6b5a8e', '#8a6d1f', '#2f5f7a'][index % 3] ?? '#5e5148';

const dayLabel = (day: string, year = false) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en', { day: 'numeric', month: 'short', timeZone: 'UTC', ...(year ? { year: 'numeric' } : {}) });

const DAY_MS = 86_400_000;
const MIN_DAYS = 14;
const dayAt = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The days the chart shows: the filters' range when given, else from the first sale to today, at least two weeks
 * (one sale is a bar among days, not a block), gaps filled, the last 92 at most.
 */
function daysOf(rows: readonly DayRow[], range: { from?: string | undefined; to?: string | undefined }): string[] {
  const keys = rows.map((row) => row.day).sort();
  if (keys.length === 0) return [];
  const today = new Date().toISOString().slice(0, 10);
  const end = dayAt(range.to ?? [keys.at(-1) ?? today, today].sort()[1] ?? today);
  const start = range.from === undefined ? Math.min(dayAt(keys[0] ?? today), end - (MIN_DAYS - 1) * DAY_MS) : dayAt(range.from);
  const days: string[] = [];
  for (let at = Math.max(start, end - (MAX_DAYS - 1) * DAY_MS); at <= end; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** Round steps for the value axis: 1, 2 or 5 times a power of ten. */
function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= raw) ?? raw);
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

interface ChartsProps {
  rows: readonly DayRow[];
  platforms: readonly string[];
  platformName: (platform: string) => string;
  range: { from?: string | undefined; to?: string | undefined };
}

export function RevenueCharts({ rows, platforms, platformName, range }: ChartsProps) {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return (
    <div className="revenue-charts">
      {currencies.map((currency) => (
        <CurrencyChart key={currency} currency={currency} rows={rows.filter((row) => row.currency === currency)} platforms={platforms} platformName={platformName} range={range} />
      ))}
    </div>
  );
}

function CurrencyChart({ currency, rows, platforms, platformName, range }: ChartsProps & { currency: string }) {
  const [frame, width] = useWidth<HTMLDivElement>();
  const id = useId();
  const days = daysOf(rows, range);
  const shown = platforms.filter((platform) => rows.some((row) => row.platform === platform));
  const amount = (day: string, platform: string) => rows.find((row) => row.day === day && row.platform === platform)?.net_cents ?? 0;
  const totals = days.map((day) => shown.reduce((sum, platform) => sum + amount(day, platform), 0));
  const total = totals.reduce((sum, value) => sum + value, 0);
  const step = niceStep(Math.max(...totals, 1), 3);
  const top = Math.max(step * Math.ceil(Math.max(...totals, 1) / step), step);
  const plotWidth = Math.max(width - PAD.left - PAD.right, 10);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(Math.min(slot * 0.7, 36), 2);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(Math.floor(plotWidth / 64), 1)));
  const first = days[0] ?? '';
  const last = days.at(-1) ?? '';
  const summary = `${money(total, currency)} net over ${days.length === 1 ? dayLabel(first, true) : `${dayLabel(first)} to ${dayLabel(last, true)}`}, ${shown
    .map((platform) => `${platformName(platform)} ${money(days.reduce((sum, day) => sum + amount(day, platform), 0), currency)}`)
    .join(', ')}.`;

  return (
    <figure className="revenue-chart panel" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="revenue-chart__title">
        Revenue by day in {currency}
      </figcaption>
      <ul className="revenue-chart__legend">
        {shown.map((platform, index) => (
          <li key={platform}>
            <span className="revenue-chart__swatch" style={{ background: colour(platform, index) }} aria-hidden="true" />
            {platformName(platform)}
          </li>
        ))}
      </ul>
      <div ref={frame} className="revenue-chart__frame">
        {width === 0 ? null : (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
            <desc id={`${id}-desc`}>{summary}</desc>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="revenue-chart__grid" />
                <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="revenue-chart__axis">
                  {money(tick, currency)}
                </text>
              </g>
            ))}
            {days.map((day, index) => {
              const x = PAD.left + slot * index + (slot - barWidth) / 2;
              let base = 0;
              return (
                <g key={day}>
                  <title>{`${dayLabel(day, true)}: ${shown.map((platform) => `${platformName(platform)} ${money(amount(day, platform), currency)}`).join(', ')}`}</title>
                  {shown.map((platform, platformIndex) => {
                    const value = amount(day, platform);
                    const rect = <rect key={platform} x={x} width={barWidth} y={y(base + value)} height={Math.max(y(base) - y(base + value), 0)} fill={colour(platform, platformIndex)} rx={barWidth > 6 ? 2 : 0} />;
                    base += value;
                    return rect;
                  })}
                  {index % labelEvery === 0 || index === days.length - 1 ? (
                    <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="revenue-chart__axis">
                      {dayLabel(day)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <details className="revenue-chart__figures">
        <summary>The figures</summary>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Net revenue by day in {currency}</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {shown.map((platform) => (
                  <th key={platform} scope="col">
                    {platformName(platform)}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {days.flatMap((day, index) =>
                totals[index] === 0
                  ? []
                  : [
                      <tr key={day}>
                        <th scope="row">{dayLabel(day, true)}</th>
                        {shown.map((platform) => (
                          <td key={platform}>{money(amount(day, platform), currency)}</td>
                        ))}
                        <td>{money(totals[index] ?? 0, currency)}</td>
                      </tr>,
                    ],
              )}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
