/**
 * A platform's request budget in a fake: a per-second allowance (counted in whole seconds of the fake's clock) and a
 * per-day one, and a 429 with `retry-after` once either is spent, without acting. Etsy's fake announces it on every
 * API answer (`x-limit-per-second`, `x-remaining-this-second`, `x-limit-per-day`, `x-remaining-today`, its "Rate
 * Limits" page); Gumroad's does not (Rack::Attack tells nothing until it refuses). The day is a fixed 24-hour window
 * from the first request (Etsy's is sliding), which is all a fake that lives for a test run needs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface FakeBudgetSettings {
  readonly perSecond: number;
  readonly perDay: number;
  readonly now: () => number;
  /** Requests that are not API calls (the consent page, the fake's own pages). */
  readonly exempt: (request: FastifyRequest) => boolean;
  /** Whether answers carry the `x-limit-*` and `x-remaining-*` headers. */
  readonly announce: boolean;
  /** The refusals' bodies, in the platform's shape. */
  readonly refusal: (message: string) => unknown;
  /** Counts the requests refused for the budget. */
  readonly onRefused?: () => void;
}

export function installBudget(app: FastifyInstance, settings: FakeBudgetSettings): void {
  let second = { start: 0, used: 0 };
  let day = { start: -Infinity, used: 0 };
  const roll = () => {
    const now = settings.now();
    if (now - second.start >= 1000) second = { start: now - (now % 1000), used: 0 };
    if (now - day.start >= 24 * 3600 * 1000) day = { start: now, used: 0 };
    return now;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (settings.exempt(request)) return undefined;
    const now = roll();
    if (day.used >= settings.perDay) {
      const seconds = Math.max(1, Math.ceil((day.start + 24 * 3600 * 1000 - now) / 1000));
      settings.onRefused?.();
      return reply.code(429).header('retry-after', String(seconds)).send(settings.refusal('You have exceeded your daily request limit.'));
    }
    if (second.used >= settings.perSecond) {
      settings.onRefused?.();
      return reply.code(429).header('retry-after', '1').send(settings.refusal('You have exceeded your rate limit. Please try again later.'));
    }
    second.used += 1;
    day.used += 1;
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!settings.announce || settings.exempt(request)) return payload;
    roll();
    void reply.header('x-limit-per-second', String(settings.perSecond));
    void reply.header('x-remaining-this-second', String(Math.max(0, settings.perSecond - second.used)));
    void reply.header('x-limit-per-day', String(settings.perDay));
    void reply.header('x-remaining-today', String(Math.max(0, settings.perDay - day.used)));
    return payload;
  });
}
