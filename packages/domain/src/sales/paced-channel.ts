import { ResultAsync } from 'neverthrow';
import type { RatePacer } from '../jobs/rate-pacer.js';
import type { SalesChannel } from './sales-channel.js';

/** A channel whose every call first waits its turn in the platform's pace (the job runner's rate budget). */
export function pacedChannel(channel: SalesChannel, pacer: RatePacer, group: string): SalesChannel {
  const paced =
    <A extends unknown[], T, E>(call: (...args: A) => ResultAsync<T, E>) =>
    (...args: A): ResultAsync<T, E> =>
      ResultAsync.fromSafePromise(pacer.take(group)).andThen(() => call(...args));
  return {
    platform: channel.platform,
    account: paced(() => channel.account()),
    findListing: paced((marker: string) => channel.findListing(marker)),
    createListing: paced((content) => channel.createListing(content)),
    updateListing: paced((remoteId, content) => channel.updateListing(remoteId, content)),
    listFiles: paced((remoteId: string) => channel.listFiles(remoteId)),
    uploadFile: paced((remoteId, file) => channel.uploadFile(remoteId, file)),
    deleteFile: paced((remoteId: string, fileId: string) => channel.deleteFile(remoteId, fileId)),
    uploadImage: paced((remoteId, image) => channel.uploadImage(remoteId, image)),
    activate: paced((remoteId: string) => channel.activate(remoteId)),
    deactivate: paced((remoteId: string) => channel.deactivate(remoteId)),
    salesSince: paced((cursor: string | null) => channel.salesSince(cursor)),
    findSale: paced((remoteId: string) => channel.findSale(remoteId)),
    subscribeToSales: paced((url: string) => channel.subscribeToSales(url)),
    unsubscribeFromSales: paced((urlPrefix: string) => channel.unsubscribeFromSales(urlPrefix)),
    saleNotices: channel.saleNotices,
  };
}
