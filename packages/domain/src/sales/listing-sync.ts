/**
 * The job that brings one product's listing on one platform to what the product says: live with the current text,
 * price, files and cover while the product is published there; taken down otherwise. Each step records what the
 * remote side now holds before the next one, so that an attempt after any failure does only what is left, and a
 * listing is never created twice: before creating, the channel looks for the listing carrying our marker.
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '../shared/errors.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import { uuidV7Generator } from '../shared/node-crypto.js';
import type { ProductRepository } from '../product/product-repository.js';
import type { Product } from '../product/product.js';
import type { DocumentFiles } from '../document/document-file.js';
import type { GeneratedCovers } from '../product/generated-covers.js';
import { brandOwner, type ProfileLookup } from '../profile/profile-lookup.js';
import type { CreatorProfile } from '../profile/creator-profile.js';
import { readAll } from '../storage/file-store.js';
import type { JobFailure, JobHandler, RetryLater, GiveUp, RunAgain } from '../jobs/job-handler.js';
import type { JobQueue, JobRequest, LeasedJob } from '../jobs/job-queue.js';
import type { RatePacer } from '../jobs/rate-pacer.js';
import { type Connection, type ConnectionRepository } from './connection.js';
import { budgetGroup, channelJobFailure, connectionChannel } from './connection-channel.js';
import { contentDigest, listingContent, listingFormats } from './listing-content.js';
import { listingMarker } from './listing-marker.js';
import type { ListingRepository } from './listing-repository.js';
import { listingEvents } from './listing-events.js';
import { changeListing, type ListingChange, type ListingStoreDeps } from './listing-store.js';
import { LISTING_ERROR_CODES, NO_PROGRESS, type Listing, type ListingErrorCode } from './listing.js';
import type { ChannelFailure, RemoteFile, RemoteListing, SalesChannel } from './sales-channel.js';
import type { SalesPlatform } from './sales-platform.js';
import type { SecretBox } from './secret-box.js';

export const LISTING_SYNC = 'listing.sync';

export interface ListingSyncDeps {
  readonly products: ProductRepository;
  readonly listings: ListingRepository;
  readonly connections: ConnectionRepository;
  readonly secrets: SecretBox;
  /** The configured platforms' adapters. */
  readonly platforms: readonly SalesPlatform[];
  readonly documents: DocumentFiles;
  /** The listing image: the uploaded cover, else the generated one the API shows (drawn once, stored). */
  readonly covers: Pick<GeneratedCovers, 'coverImage'>;
  /** The creator's brand: the description ends with their website, a generated cover carries their name and colour. */
  readonly profiles?: Pick<ProfileLookup, 'ofUser'>;
  readonly queue: JobQueue;
  readonly pacer: RatePacer;
  readonly clock: Clock;
  /** Ids of the events a listing raises (`listing.live`, `listing.failed`); default UUIDv7. */
  readonly ids?: IdGenerator;
}

/** The job's key: one job per product and platform, whatever changed. */
export const listingJobKey = (productId: string, platform: string): string => `${LISTING_SYNC}:${productId}:${platform}`;

/** The job that brings the product's listing on `platform` up to date, due at `runAt`; paused with its platform. */
export const listingJob = (productId: string, platform: string, runAt: Date): JobRequest => ({
  kind: LISTING_SYNC,
  key: listingJobKey(productId, platform),
  group: platform,
  payload: { productId, platform },
  runAt,
});

/**
 * A wait for the platform's budget longer than this (its day's budget spent, or spread thin) is no failed attempt:
 * the job runs again once it is over, and the listing says why it waits.
 */
export const BUDGET_WAIT_MS = 60_000;

const aboutWait = (ms: number): string =>
  ms < 90_000 ? `${Math.ceil(ms / 1000)} s` : ms < 90 * 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 3_600_000)} h`;

/** A failed step: the channel's failure, the database's, or the listing's own (currency). */
type StepFailure = ChannelFailure | StoreUnavailable | GiveUp | RetryLater;

const toJobFailure = (failure: StepFailure, platformName: string): JobFailure => {
  switch (failure.type) {
    case 'StoreUnavailable':
    case 'GiveUp':
    case 'RetryLater':
      return failure;
    case 'ChannelRateLimited':
    case 'ChannelUnavailable':
    case 'ChannelUnauthorized':
    case 'ChannelRejected':
      return channelJobFailure(failure, platformName, 'the listing');
  }
};

export function listingSyncHandler(deps: ListingSyncDeps): JobHandler {
  const platforms = new Map(deps.platforms.map((platform) => [platform.id, platform]));
  const store: ListingStoreDeps = { listings: deps.listings, clock: deps.clock, events: listingEvents(deps.ids ?? uuidV7Generator) };
  const change = (listing: Listing, patch: (current: Listing) => ListingChange | null) => changeListing(store, listing.product_id, listing.platform, patch);

  const channelFor = (platform: SalesPlatform, connection: Connection): SalesChannel | null => connectionChannel(deps, platform, connection);

  /** The remote listing: the one we know, the one an earlier attempt made (found by marker), or a new one. */
  const ensureRemote = (listing: Listing, channel: SalesChannel, product: Product, brand: CreatorProfile | null): ResultAsync<Listing, StepFailure> => {
    if (listing.remote_id !== null) return okAsync(listing);
    const content = listingContent(product, brand);
    // Only a create sent before can have made it: a listing never created is not looked for (5 calls on Etsy).
    const earlier: ResultAsync<RemoteListing | null, StepFailure> = listing.progress.createSent === false ? okAsync(null) : channel.findListing(content.marker);
    const create = (): ResultAsync<RemoteListing, StepFailure> =>
      change(listing, (current) => ({ progress: { ...current.progress, createSent: true } }))
        .andThen(orGone)
        .andThen(() => channel.createListing(content));
    return earlier
      .andThen((found) => (found !== null ? okAsync({ remote: found, sent: null }) : create().map((remote) => ({ remote, sent: contentDigest(content) }))))
      .andThen(({ remote, sent }: { remote: RemoteListing; sent: string | null }) =>
        change(listing, () => ({ remote_id: remote.remoteId, url: remote.url, progress: { ...NO_PROGRESS, content: sent } })).andThen(orGone),
      );
  };

  const updateContent = (listing: Listing, channel: SalesChannel, product: Product, brand: CreatorProfile | null): ResultAsync<Listing, StepFailure> => {
    const content = listingContent(product, brand);
    const digest = contentDigest(content);
    if (listing.progress.content === digest || listing.remote_id === null) return okAsync(listing);
    return channel
      .updateListing(listing.remote_id, content)
      .andThen((remote) => change(listing, (current) => ({ url: remote.url, progress: { ...current.progress, content: digest } })).andThen(orGone));
  };

  /**
   * The buyer's files: the current documents (the PDF, and the EPUB where there is one) uploaded, then every other
   * file on the listing removed (uploading first: Etsy turns a digital listing without files into a physical one).
   * Nothing is asked of the platform when the progress already names exactly the current documents.
   */
  const syncFiles = (listing: Listing, channel: SalesChannel, product: Product): ResultAsync<Listing, StepFailure> => {
    const remoteId = listing.remote_id ?? '';
    return ResultAsync.combine(listingFormats(product.type).map((format) => deps.documents.locate({ id: product.id, format }).mapErr(asRetry))).andThen((documents) => {
      const currentKeys = new Set(documents.map((document) => document.key));
      const recorded = listing.progress.files;
      if (recorded.length === currentKeys.size && recorded.every((file) => currentKeys.has(file.key))) return okAsync(listing);
      return channel.listFiles(remoteId).andThen((remoteFiles) => {
        const upload = (current: Listing, index: number): ResultAsync<Listing, StepFailure> => {
          const located = documents[index];
          if (located === undefined) return okAsync(current);
          if (current.progress.files.some((file) => file.key === located.key)) return upload(current, index + 1);
          return deps.documents
            .open(located)
            .mapErr(asRetry)
            .andThen((file) => ResultAsync.fromSafePromise(readAll(file.body)))
            .andThen((bytes) => {
              // An upload whose answer was lost is on the listing already: same name, same size, not one we know.
              const known = new Set(current.progress.files.map((file) => file.remoteFileId));
              const lost = remoteFiles.find((file) => !known.has(file.remoteFileId) && file.name === located.fileName && file.size === bytes.byteLength);
              return lost !== undefined ? okAsync(lost) : channel.uploadFile(remoteId, { name: located.fileName, contentType: located.mediaType, bytes });
            })
            .andThen((uploaded) =>
              change(current, (latest) => ({
                progress: { ...latest.progress, files: [...latest.progress.files.filter((file) => file.key !== located.key), { key: located.key, remoteFileId: uploaded.remoteFileId }] },
              })).andThen(orGone),
            )
            .andThen((next) => upload(next, index + 1));
        };
        return upload(listing, 0).andThen((uploaded) => removeOtherFiles(uploaded, channel, remoteFiles, currentKeys));
      });
    });
  };

  /** Removes the files listed before the uploads that are not the current documents' (new uploads were not listed). */
  const removeOtherFiles = (listing: Listing, channel: SalesChannel, listed: readonly RemoteFile[], currentKeys: ReadonlySet<string>): ResultAsync<Listing, StepFailure> => {
    const remoteId = listing.remote_id ?? '';
    const keep = listing.progress.files.filter((file) => currentKeys.has(file.key));
    const keepIds = new Set(keep.map((file) => file.remoteFileId));
    const stale = listed.filter((file) => !keepIds.has(file.remoteFileId));
    const removeNext = (index: number): ResultAsync<void, StepFailure> => {
      const file = stale[index];
      if (file === undefined) return okAsync(undefined);
      return channel
        .deleteFile(remoteId, file.remoteFileId)
        .orElse((failure) => (failure.type === 'ChannelRejected' && failure.code === 'not_found' ? okAsync(undefined) : errAsync(failure)))
        .andThen(() => removeNext(index + 1));
    };
    return removeNext(0).andThen(() =>
      keep.length === listing.progress.files.length ? okAsync(listing) : change(listing, (latest) => ({ progress: { ...latest.progress, files: keep } })).andThen(orGone),
    );
  };

  /** The product's cover as the listing's image (uploaded, else generated), sent again only when it is another file. */
  const syncImage = (listing: Listing, channel: SalesChannel, product: Product, brand: CreatorProfile | null): ResultAsync<Listing, StepFailure> =>
    deps.covers
      .coverImage(product, brand === null ? null : { name: brand.display_name, color: brand.brand_color })
      .andThen((cover) =>
        listing.progress.image === cover.key
          ? okAsync(listing)
          : cover
              .bytes()
              .andThen((bytes) => channel.uploadImage(listing.remote_id ?? '', { name: 'cover.jpg', contentType: 'image/jpeg', bytes }))
              .andThen(() => change(listing, (latest) => ({ progress: { ...latest.progress, image: cover.key } })).andThen(orGone)),
      );

  const goLive = (listing: Listing, channel: SalesChannel, product: Product, connection: Connection, platform: SalesPlatform): ResultAsync<void, StepFailure> => {
    const sales = product.sales;
    if (sales !== null && connection.currency !== null && connection.currency !== sales.currency) {
      return errAsync({
        type: 'GiveUp',
        code: 'currency_mismatch',
        message: `the ${platform.name} account ${connection.account_name} sells in ${connection.currency}, not ${sales.currency}: publish in ${connection.currency}`,
      });
    }
    const brand: ResultAsync<CreatorProfile | null, StepFailure> = deps.profiles === undefined ? okAsync(null) : deps.profiles.ofUser(brandOwner(product, listing.user_id));
    return brand.andThen((creator) =>
      ensureRemote(listing, channel, product, creator)
        .andThen((withRemote) => updateContent(withRemote, channel, product, creator))
        .andThen((updated) => syncFiles(updated, channel, product))
        .andThen((withFiles) => syncImage(withFiles, channel, product, creator)),
    )
      .andThen((ready) =>
        channel.activate(ready.remote_id ?? '').andThen((remote) => change(ready, () => ({ state: 'live', url: remote.url, error: null }))),
      )
      .map(() => undefined);
  };

  const takeDown = (listing: Listing, channel: SalesChannel | null): ResultAsync<void, StepFailure> => {
    const unlisted = () => change(listing, () => ({ state: 'unlisted', error: null })).map(() => undefined);
    if (channel === null) return unlisted();
    const remote: ResultAsync<string | null, StepFailure> =
      listing.remote_id !== null
        ? okAsync(listing.remote_id)
        : channel.findListing(listingMarker(listing.product_id)).andThen((found) =>
            found === null ? okAsync(null) : change(listing, () => ({ remote_id: found.remoteId, url: found.url })).map(() => found.remoteId),
          );
    return remote
      .andThen((remoteId) =>
        remoteId === null
          ? okAsync(undefined)
          : channel
              .deactivate(remoteId)
              .map(() => undefined)
              .orElse((failure) => (failure.type === 'ChannelRejected' && failure.code === 'not_found' ? okAsync(undefined) : errAsync(failure))),
      )
      .andThen(unlisted);
  };

  /** Why the listing waits on the platform's budget, in the words the creator sees. */
  const budgetReason = (platform: SalesPlatform, group: string, waitMs: number | null): string => {
    const low = deps.pacer.dailyLow(group);
    const next = waitMs === null ? '' : `; the next request in about ${aboutWait(waitMs)}`;
    if (low === null) return `${platform.name} asked us to wait: publishing resumes in about ${aboutWait(waitMs ?? 0)}`;
    if (low.remainingToday === 0) return `${platform.name}'s daily request budget is spent: publishing slowed down${next}`;
    const of = low.limitPerDay === null ? '' : ` of ${low.limitPerDay}`;
    return `${platform.name}'s daily request budget is running low (${low.remainingToday}${of} left): publishing slowed down${next}`;
  };

  const attempt = (job: LeasedJob, number: number): ResultAsync<void | RunAgain, StepFailure> => {
    const productId = job.payload.productId ?? '';
    const platformId = job.payload.platform ?? '';
    const platform = platforms.get(platformId);
    return ResultAsync.combine([deps.products.findById(productId), deps.listings.find(productId, platformId)] as const).andThen(([product, stored]) => {
      if (product === null || stored === null || platform === undefined) return okAsync(undefined);
      return change(stored, () => ({ attempts: number }))
        .andThen(orGone)
        .andThen((listing) =>
          deps.connections.find(listing.user_id, platformId).andThen((connection) => {
            const wanted = product.status === 'published' && product.sales?.platforms.includes(platformId) === true;
            const usable = connection !== null && connection.status === 'connected' ? connection : null;
            const channel = usable === null ? null : channelFor(platform, usable);
            if (!wanted) return takeDown(listing, channel);
            if (usable === null || channel === null) {
              return change(listing, () => ({ state: 'not_connected', error: { code: 'not_connected', message: `Connect a ${platform.name} account, then retry this listing` } })).map(() => undefined);
            }
            const group = budgetGroup(platform, usable);
            const slowed = deps.pacer.dailyLow(group);
            const flagged =
              slowed === null ? okAsync(listing) : change(listing, () => ({ error: { code: 'rate_limited', message: budgetReason(platform, group, null) } })).andThen(orGone);
            return flagged.andThen((current) => goLive(current, channel, product, usable, platform)).orElse((failure): ResultAsync<void | RunAgain, StepFailure> => {
              // A long wait for the budget: pending with the reason, and run again once it is over (no attempt spent).
              if (failure.type === 'ChannelRateLimited' && failure.retryAfterMs !== null && failure.retryAfterMs > BUDGET_WAIT_MS) {
                const waitMs = failure.retryAfterMs;
                return change(listing, () => ({ state: 'pending', error: { code: 'rate_limited', message: budgetReason(platform, group, waitMs) } })).map(
                  (): RunAgain => ({ type: 'RunAgain', at: new Date(deps.clock.now().getTime() + waitMs) }),
                );
              }
              // The remote listing is gone (deleted on the platform): forget it, and make a new one on the next attempt.
              if (failure.type === 'ChannelRejected' && failure.code === 'not_found') {
                return change(listing, () => ({ remote_id: null, url: null, progress: NO_PROGRESS })).andThen(() =>
                  errAsync<void | RunAgain, StepFailure>({ type: 'RetryLater', afterMs: 0, code: 'unavailable', message: 'the remote listing was deleted; making a new one' }),
                );
              }
              if (failure.type === 'ChannelUnauthorized') {
                return deps.connections.markNeedsReconnect(usable.user_id, platformId, deps.clock.now()).andThen(() => errAsync<void | RunAgain, StepFailure>(failure));
              }
              return errAsync(failure);
            });
          }),
        );
    });
  };

  return {
    kind: LISTING_SYNC,
    run(job, jobAttempt) {
      const platformName = platforms.get(job.payload.platform ?? '')?.name ?? job.payload.platform ?? 'the platform';
      return attempt(job, jobAttempt.number).mapErr((failure) => toJobFailure(failure, platformName));
    },
    gaveUp(job, failure) {
      const code: ListingErrorCode = (LISTING_ERROR_CODES as readonly string[]).includes(failure.code) ? (failure.code as ListingErrorCode) : 'unavailable';
      return changeListing(store, job.payload.productId ?? '', job.payload.platform ?? '', () => ({ state: 'failed', error: { code, message: failure.message } })).map(() => undefined);
    },
  };
}

const asRetry = (failure: { readonly type: string }): StepFailure =>
  failure.type === 'StoreUnavailable'
    ? (failure as StoreUnavailable)
    : { type: 'RetryLater', afterMs: null, code: 'unavailable', message: `the product's document could not be made (${failure.type})` };

const orGone = (listing: Listing | null): ResultAsync<Listing, StepFailure> =>
  listing === null ? errAsync({ type: 'GiveUp', code: 'unavailable', message: 'the listing was removed while it was being published' }) : okAsync(listing);
