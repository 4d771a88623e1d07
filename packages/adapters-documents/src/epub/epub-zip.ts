import { unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * Rewrites the library's zip so that its bytes depend on the content only: html-to-epub zips its temporary files with
 * their modification times and the `mimetype` entry with the current time. Here every entry carries the document's
 * date, the `mimetype` entry comes first and is stored (EPUB OCF), the rest follow in name order, deflated.
 * The zip format keeps local wall-clock fields, so the date is shifted to make them read as UTC whatever the
 * server's time zone.
 */
export function deterministicEpubZip(epub: Uint8Array, date: Date): Uint8Array {
  const entries = unzipSync(epub);
  const mtime = new Date(date.getTime() + date.getTimezoneOffset() * 60_000);
  const mimetype = entries['mimetype'];
  if (mimetype === undefined) throw new Error('the EPUB has no mimetype entry');
  const zippable: Zippable = { mimetype: [mimetype, { level: 0, mtime }] };
  for (const name of Object.keys(entries).filter((entry) => entry !== 'mimetype').sort()) {
    const data = entries[name];
    if (data !== undefined && !name.endsWith('/')) zippable[name] = [data, { level: 9, mtime }];
  }
  return zipSync(zippable);
}
