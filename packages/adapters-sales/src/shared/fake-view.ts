/** What a running platform fake shows a test: the remote side's listings as the platform holds them. */
import type { FakeFaults, FaultCounts } from './fake-faults.js';

export interface FakeListingFile {
  readonly remoteFileId: string;
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface FakeListing {
  readonly remoteId: string;
  /** Our marker as the platform keeps it (Etsy: a tag; Gumroad: where the adapter puts it); null when absent. */
  readonly marker: string | null;
  readonly state: 'draft' | 'active' | 'inactive';
  readonly title: string;
  readonly description: string;
  readonly priceCents: number;
  readonly currency: string;
  /** The files a buyer downloads, in order. */
  readonly files: readonly FakeListingFile[];
  readonly imageCount: number;
  /** The listing's images (Etsy) or covers (Gumroad), in order, as uploaded. */
  readonly images: readonly Uint8Array[];
  readonly url: string;
}

export interface RunningFake {
  /** The fake's base URL (`http://127.0.0.1:PORT`): give it as `ETSY_API_URL` / `GUMROAD_API_URL`. */
  readonly url: string;
  /** Switches read on every request; change them at any time. */
  readonly faults: FakeFaults;
  readonly counts: FaultCounts;
  /** Every listing the account holds, deleted ones excluded. */
  listings(): FakeListing[];
  close(): Promise<void>;
}
