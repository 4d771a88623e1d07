/**
 * Lead magnet delivery, from the reader's side: asking on the page (double opt-in), confirming, downloading,
 * unsubscribing. Whether or not an address was known, asking answers the same; e-mails go through the job queue,
 * at most `MAILS_PER_ADDRESS_PER_DAY` to one address a day. Changes are read-change-conditional-write, retried.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { Product } from '../product/product.js';
import type { ProductRepository } from '../product/product-repository.js';
import { isLeadMagnetSlug } from '../product/lead-magnet-slug.js';
import { ruleViolation, type RuleViolation, type StoreUnavailable, type WriteContention } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import { parseEmailAddress, type EmailAddress } from './email-address.js';
import { addressDigest, MAILS_PER_ADDRESS_PER_DAY, mailDay, type MailBudget } from './mail-budget.js';
import { queueSubscriberMail, type MailQueueDeps, type SubscriberMail } from './subscriber-mail-job.js';
import type { LeadMagnetNotFound, LinkExpired, LinkNotFound } from './subscriber-errors.js';
import { subscriberConfirmedEvents } from './subscriber-events.js';
import type { SubscriberRepository } from './subscriber-repository.js';
import { isTokenExpired, issueToken, keptTokens, matchToken, readToken, type IssuedToken, type SubscriberToken, type TokenPurpose } from './subscriber-token.js';
import type { Subscriber } from './subscriber.js';
import { consentText } from './subscription-links.js';

export interface SubscriptionDeps extends MailQueueDeps {
  readonly subscribers: SubscriberRepository;
  readonly products: Pick<ProductRepository, 'findById' | 'findBySlug'>;
  readonly budget: MailBudget;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export type SubscriptionError = LeadMagnetNotFound | LinkNotFound | LinkExpired | RuleViolation | StoreUnavailable | WriteContention;

const leadMagnetNotFound = (slug: string): LeadMagnetNotFound => ({ type: 'LeadMagnetNotFound', slug });
const linkNotFound: LinkNotFound = { type: 'LinkNotFound' };
const contention = (): WriteContention => ({ type: 'WriteContention', what: 'subscriber' });

const isOffered = (product: Product | null): product is Product => product !== null && product.type === 'lead_magnet' && product.status === 'published';

/** The published lead magnet whose page has this slug. */
export const findPublishedLeadMagnet =
  (deps: Pick<SubscriptionDeps, 'products'>) =>
  (slug: string): ResultAsync<Product, LeadMagnetNotFound | StoreUnavailable> =>
    !isLeadMagnetSlug(slug)
      ? errAsync(leadMagnetNotFound(slug))
      : deps.products.findBySlug(slug).andThen((product) => (isOffered(product) ? okAsync(product) : errAsync(leadMagnetNotFound(slug))));

export interface SubscribeCommand {
  readonly slug: string;
  readonly email: string;
  /** The reader ticked the box (or sent `consent: true`). */
  readonly consent: boolean;
  /** The form's hidden field, filled in: a program, not a reader. Answered as usual, and nothing is done. */
  readonly honeypot?: boolean;
}

/** The e-mail a subscriber in this state gets when they ask: a confirmation until they confirm, then the download link. */
const mailKindFor = (subscriber: Subscriber): SubscriberMail['kind'] => (subscriber.status === 'confirmed' ? 'download' : 'confirmation');

function issueMailTokens(subscriberId: string, kind: SubscriberMail['kind'], now: Date) {
  const link = issueToken(subscriberId, kind === 'confirmation' ? 'confirm' : 'download', now);
  const unsubscribe = issueToken(subscriberId, 'unsubscribe', now);
  const tokens = kind === 'confirmation' ? { confirm: link.token, unsubscribe: unsubscribe.token } : { download: link.token, unsubscribe: unsubscribe.token };
  return { stored: [link.stored, unsubscribe.stored], mail: { kind, subscriberId, tokens } satisfies SubscriberMail };
}

/** The subscriber after the reader asked again (or for the first time): consent renewed unless already confirmed. */
function asked(current: Subscriber | null, product: Product, address: EmailAddress, id: string, now: Date): Subscriber {
  const consent = { consent_at: now, consent_text: consentText(product.title) };
  if (current === null) {
    return {
      id,
      product_id: product.id,
      email: address.address,
      email_key: address.key,
      status: 'pending',
      ...consent,
      confirmed_at: null,
      unsubscribed_at: null,
      downloads: 0,
      last_download_at: null,
      tokens: [],
      created_at: now,
      updated_at: now,
      version: 1,
    };
  }
  if (current.status === 'confirmed') return current;
  // Pending again (from unsubscribed too): the reader has to confirm this new consent. The address is kept as typed now.
  return { ...current, email: address.address, status: 'pending', ...consent, confirmed_at: null, updated_at: now, version: current.version + 1 };
}

export const subscribe =
  (deps: SubscriptionDeps) =>
  (command: SubscribeCommand): ResultAsync<void, SubscriptionError> =>
    findPublishedLeadMagnet(deps)(command.slug).andThen((product) => {
      const address = parseEmailAddress(command.email);
      if (address === null) return errAsync(ruleViolation('email is not an e-mail address mail can be sent to'));
      if (!command.consent) return errAsync(ruleViolation('consent is required: tick the box (or send consent: true) to agree to the e-mails'));
      if (command.honeypot === true) return okAsync(undefined);
      return deps.budget.claim(addressDigest(address.key), mailDay(deps.clock.now()), MAILS_PER_ADDRESS_PER_DAY).andThen((mayMail) =>
        retryWhileStale<SubscriberMail | null, SubscriptionError>(
          () =>
            deps.subscribers.findByAddress(product.id, address.key).andThen((current) => {
              const now = deps.clock.now();
              const next = asked(current, product, address, deps.ids.next(), now);
              if (!mayMail && next === current) return okAsync(null);
              const issued = mayMail ? issueMailTokens(next.id, mailKindFor(next), now) : null;
              const saved: Subscriber =
                issued === null
                  ? next
                  : { ...next, tokens: keptTokens([...next.tokens, ...issued.stored]), updated_at: now, version: current === null ? 1 : current.version + 1 };
              return deps.subscribers.save(saved, current?.version ?? null).map((outcome) => (outcome === 'written' ? (issued?.mail ?? null) : STALE));
            }),
          contention,
        ),
      ).andThen((mail) => (mail === null ? okAsync(undefined) : queueSubscriberMail(deps)(mail)));
    });

interface Presented {
  readonly subscriber: Subscriber;
  readonly token: SubscriberToken;
}

/** The subscriber a link names and its kept token of `purpose`; LinkNotFound for anything else. */
const presented =
  (deps: Pick<SubscriptionDeps, 'subscribers'>, purpose: TokenPurpose) =>
  (token: string): ResultAsync<Presented, LinkNotFound | StoreUnavailable> => {
    const read = readToken(token);
    if (read === null) return errAsync(linkNotFound);
    return deps.subscribers.findById(read.subscriberId).andThen((subscriber) => {
      const kept = subscriber === null ? undefined : matchToken(subscriber.tokens, purpose, read.secret);
      return subscriber === null || kept === undefined ? errAsync(linkNotFound) : okAsync({ subscriber, token: kept });
    });
  };

function confirmable({ subscriber, token }: Presented, now: Date): LinkExpired | null {
  if (subscriber.status === 'confirmed' || token.used_at !== null) {
    return { type: 'LinkExpired', detail: 'this confirmation link has been used already: the address is confirmed, and the download link was sent by e-mail' };
  }
  if (subscriber.status === 'unsubscribed') return { type: 'LinkExpired', detail: 'this address was unsubscribed since: ask for the lead magnet again on its page' };
  if (isTokenExpired(token, now)) return { type: 'LinkExpired', detail: 'this confirmation link is more than 7 days old: ask for the lead magnet again on its page' };
  return null;
}

export interface Confirmed {
  readonly subscriber: Subscriber;
  readonly product: Product;
  /** A download link's token for the page that answers the confirmation (the e-mail brings another). */
  readonly download: string;
}

/** `GET /public/confirm/{token}`: confirms (once), raises `subscriber.confirmed`, and sends the download e-mail. */
export const confirmSubscription =
  (deps: SubscriptionDeps) =>
  (token: string): ResultAsync<Confirmed, SubscriptionError> => {
    const read = presented(deps, 'confirm');
    return read(token).andThen((first): ResultAsync<{ confirmed: Confirmed; mail: SubscriberMail | null }, SubscriptionError> => {
      const refused = confirmable(first, deps.clock.now());
      if (refused !== null) return errAsync(refused);
      return deps.products.findById(first.subscriber.product_id).andThen((product) => {
        if (product === null) return errAsync(linkNotFound);
        return deps.budget.claim(addressDigest(first.subscriber.email_key), mailDay(deps.clock.now()), MAILS_PER_ADDRESS_PER_DAY).andThen((mayMail) =>
          retryWhileStale<{ confirmed: Confirmed; mail: SubscriberMail | null }, SubscriptionError>(
            () =>
              read(token).andThen((again) => {
                const now = deps.clock.now();
                const stillRefused = confirmable(again, now);
                if (stillRefused !== null) return errAsync(stillRefused);
                const current = again.subscriber;
                const download: IssuedToken = issueToken(current.id, 'download', now);
                const issued = mayMail ? issueMailTokens(current.id, 'download', now) : null;
                const used = current.tokens.map((kept) => (kept.purpose === 'confirm' && kept.used_at === null ? { ...kept, used_at: now } : kept));
                const next: Subscriber = {
                  ...current,
                  status: 'confirmed',
                  confirmed_at: now,
                  unsubscribed_at: null,
                  tokens: keptTokens([...used, download.stored, ...(issued?.stored ?? [])]),
                  updated_at: now,
                  version: current.version + 1,
                };
                return deps.subscribers
                  .save(next, current.version, subscriberConfirmedEvents(product, next, deps.ids))
                  .map((outcome) => (outcome === 'written' ? { confirmed: { subscriber: next, product, download: download.token }, mail: issued?.mail ?? null } : STALE));
              }),
            contention,
          ),
        );
      });
    }).andThen(({ confirmed, mail }) => (mail === null ? okAsync(confirmed) : queueSubscriberMail(deps)(mail).map(() => confirmed)));
  };

export interface DownloadGrant {
  readonly subscriber: Subscriber;
  readonly product: Product;
}

/** `GET /public/downloads/{token}`: the lead magnet the link gives, while the link is within its 7 days. */
export const authorizeDownload =
  (deps: Pick<SubscriptionDeps, 'subscribers' | 'products' | 'clock'>) =>
  (token: string): ResultAsync<DownloadGrant, SubscriptionError> =>
    presented(deps, 'download')(token).andThen(({ subscriber, token: kept }) => {
      if (isTokenExpired(kept, deps.clock.now())) {
        return errAsync<DownloadGrant, SubscriptionError>({
          type: 'LinkExpired',
          detail: `download links work for 7 days; this one ended at ${kept.expires_at?.toISOString() ?? ''}. Ask for the lead magnet again on its page for a new one`,
        });
      }
      return deps.products.findById(subscriber.product_id).andThen((product) =>
        isOffered(product) ? okAsync({ subscriber, product }) : errAsync(leadMagnetNotFound('')),
      );
    });

/** One more download for the subscriber (after the file was opened). */
export const recordDownload =
  (deps: Pick<SubscriptionDeps, 'subscribers' | 'clock'>) =>
  (subscriberId: string): ResultAsync<boolean, StoreUnavailable> =>
    deps.subscribers.countDownload(subscriberId, deps.clock.now());

export interface UnsubscribeLink {
  readonly subscriber: Subscriber;
  /** Null only if the lead magnet is gone (products are not deleted). */
  readonly product: Product | null;
}

/** The subscriber an unsubscribe link names, changing nothing (the page with the button). */
export const checkUnsubscribeLink =
  (deps: Pick<SubscriptionDeps, 'subscribers' | 'products'>) =>
  (token: string): ResultAsync<UnsubscribeLink, SubscriptionError> =>
    presented(deps, 'unsubscribe')(token).andThen(({ subscriber }) => deps.products.findById(subscriber.product_id).map((product) => ({ subscriber, product })));

/** Unsubscribes; an address already unsubscribed stays so (the same answer). No e-mail is sent to it any more. */
export const unsubscribe =
  (deps: Pick<SubscriptionDeps, 'subscribers' | 'products' | 'clock'>) =>
  (token: string): ResultAsync<UnsubscribeLink, SubscriptionError> =>
    retryWhileStale<Subscriber, SubscriptionError>(
      () =>
        presented(deps, 'unsubscribe')(token).andThen(({ subscriber }) => {
          if (subscriber.status === 'unsubscribed') return okAsync(subscriber);
          const now = deps.clock.now();
          const next: Subscriber = { ...subscriber, status: 'unsubscribed', unsubscribed_at: now, updated_at: now, version: subscriber.version + 1 };
          return deps.subscribers.save(next, subscriber.version).map((outcome) => (outcome === 'written' ? next : STALE));
        }),
      contention,
    ).andThen((subscriber) => deps.products.findById(subscriber.product_id).map((product) => ({ subscriber, product })));
