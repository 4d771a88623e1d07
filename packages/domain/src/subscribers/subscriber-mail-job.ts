/**
 * E-mails to subscribers leave through the job queue: a request queues one and answers at once; the job runner sends
 * it (retrying a server that is away, giving up on one that refuses). A job carries the subscriber's id and the
 * secrets of the e-mail's links sealed with the service's key (they are kept nowhere else in clear: the subscriber
 * keeps only digests), never the address: an erased subscriber's queued e-mails find nobody and are dropped, and an
 * e-mail that is no longer wanted when its turn comes (a confirmation for an address confirmed meanwhile, anything to
 * an address unsubscribed since) is not sent.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { JobFailure, JobHandler } from '../jobs/job-handler.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SecretBox } from '../sales/secret-box.js';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { ProductRepository } from '../product/product-repository.js';
import { leadMagnetMail, type LeadMagnetMailInput, type LeadMagnetMailKind, type MailCreator } from './lead-magnet-mail.js';
import { brandOwner, type ProfileLookup } from '../profile/profile-lookup.js';
import type { CreatorProfile } from '../profile/creator-profile.js';
import type { Mailer } from './mailer.js';
import type { SubscriberRepository } from './subscriber-repository.js';
import type { SubscriptionLinks } from './subscription-links.js';

export const SUBSCRIBER_MAIL_JOB = 'subscriber.mail';
const MAIL_GROUP = 'mail';

export interface SubscriberMail {
  readonly kind: LeadMagnetMailKind;
  readonly subscriberId: string;
  readonly tokens: LeadMagnetMailInput['tokens'];
}

export interface MailQueueDeps {
  readonly queue: JobQueue;
  readonly secrets: SecretBox;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  /** Told once an e-mail is queued, so that this process's runner sends it at once. */
  readonly onQueued?: () => void;
}

const sealContext = (subscriberId: string): string => `subscriber-mail:${subscriberId}`;

export const queueSubscriberMail =
  (deps: MailQueueDeps) =>
  (mail: SubscriberMail): ResultAsync<void, StoreUnavailable> =>
    deps.queue
      .enqueue({
        kind: SUBSCRIBER_MAIL_JOB,
        key: `${SUBSCRIBER_MAIL_JOB}:${deps.ids.next()}`,
        group: MAIL_GROUP,
        payload: { subscriber_id: mail.subscriberId, mail: mail.kind, links: deps.secrets.seal(JSON.stringify(mail.tokens), sealContext(mail.subscriberId)) },
        runAt: deps.clock.now(),
      })
      .map(() => deps.onQueued?.());

export interface SubscriberMailHandlerDeps {
  readonly subscribers: Pick<SubscriberRepository, 'findById'>;
  readonly products: Pick<ProductRepository, 'findById'>;
  readonly secrets: SecretBox;
  readonly mailer: Mailer;
  readonly links: SubscriptionLinks;
  /** The creator the e-mails come from (the user who published the lead magnet); absent: they name no creator. */
  readonly profiles?: Pick<ProfileLookup, 'ofUser'>;
  /** Where an e-mail given up is reported (no address, only the subscriber id). */
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** The creator as the e-mails show them; their logo's smallest JPEG rendition (every mail program shows JPEG), absolute. */
export function mailCreator(profile: CreatorProfile, links: SubscriptionLinks): MailCreator {
  const logo = profile.logo?.variants.find((variant) => variant.format === 'jpeg') ?? null;
  return {
    name: profile.display_name,
    brand_color: profile.brand_color,
    postal_address: profile.postal_address,
    website_url: profile.website_url,
    logo_url: logo === null ? null : links.absolute(logo.url),
  };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const isTokens = (value: unknown): value is LeadMagnetMailInput['tokens'] =>
  typeof value === 'object' && value !== null && typeof (value as { unsubscribe?: unknown }).unsubscribe === 'string';

export function subscriberMailHandler(deps: SubscriberMailHandlerDeps): JobHandler {
  return {
    kind: SUBSCRIBER_MAIL_JOB,
    run(job): ResultAsync<void, JobFailure> {
      const subscriberId = job.payload['subscriber_id'] ?? '';
      const kind = job.payload['mail'];
      const opened = deps.secrets.open(job.payload['links'] ?? '', sealContext(subscriberId));
      const tokens = opened === null ? null : parseJson(opened);
      if ((kind !== 'confirmation' && kind !== 'download') || !isTokens(tokens)) {
        return errAsync({ type: 'GiveUp', code: 'unreadable', message: 'the e-mail’s links cannot be opened (was the secret key changed?)' });
      }
      return deps.subscribers.findById(subscriberId).andThen((subscriber): ResultAsync<void, JobFailure> => {
        if (subscriber === null || subscriber.status === 'unsubscribed') return okAsync(undefined);
        if (kind === 'confirmation' && subscriber.status !== 'pending') return okAsync(undefined);
        return deps.products.findById(subscriber.product_id).andThen((product): ResultAsync<void, JobFailure> => {
          if (product === null) return okAsync(undefined);
          const creator = deps.profiles === undefined ? okAsync(null) : deps.profiles.ofUser(brandOwner(product));
          return creator.andThen((profile) =>
            deps.mailer
              .send(leadMagnetMail({ kind, to: subscriber.email, title: product.title, slug: product.slug, links: deps.links, tokens, creator: profile === null ? null : mailCreator(profile, deps.links) }))
              .mapErr((failure): JobFailure =>
                failure.type === 'MailDeferred'
                  ? { type: 'RetryLater', afterMs: null, code: 'mail_deferred', message: failure.message }
                  : { type: 'GiveUp', code: 'mail_rejected', message: failure.message },
              ),
          );
        });
      });
    },
    gaveUp(job, failure) {
      deps.log?.('an e-mail to a subscriber was given up', { subscriberId: job.payload['subscriber_id'], mail: job.payload['mail'], code: failure.code, reason: failure.message });
      return okAsync(undefined);
    },
  };
}
