/** One free sample's readers: status, consent, downloads; erase one (asks first); every one as CSV. */
import { useState } from 'react';
import { Notice } from '../../../components/Notice';
import { Pager } from '../../../components/Pager';
import type { Product } from '../../../lib/api';
import { dateTime, plural } from '../../../lib/format';
import { describeError } from '../../../lib/problem';
import { downloadSubscribersCsv, SUBSCRIBERS_PER_PAGE, useEraseSubscriber, useSubscribers } from '../api/audience';

const STATUS = { pending: 'Waiting to confirm', confirmed: 'Confirmed', unsubscribed: 'Unsubscribed' } as const;

export function Readers({ sample, page, onPage }: { sample: Product; page: number; onPage: (page: number) => void }) {
  const subscribers = useSubscribers(sample.id, page);
  const erase = useEraseSubscriber(sample.id);
  const [exporting, setExporting] = useState<'idle' | 'busy' | Error>('idle');
  const [erased, setErased] = useState<string | null>(null);
  const total = subscribers.data?.pagination.total;
  return (
    <section className="readers" aria-labelledby="readers-title">
      <div className="readers__head">
        <h2 id="readers-title">Readers of {sample.title}</h2>
        {total === undefined || total === 0 ? null : (
          <button
            type="button"
            className="button"
            disabled={exporting === 'busy'}
            onClick={() => {
              setExporting('busy');
              downloadSubscribersCsv(sample.id).then(
                () => setExporting('idle'),
                (error: unknown) => setExporting(error instanceof Error ? error : new Error(String(error))),
              );
            }}
          >
            {exporting === 'busy' ? 'Preparing the CSV…' : 'Download CSV'}
          </button>
        )}
      </div>
      {exporting instanceof Error ? <Notice tone="error">{describeError(exporting)}</Notice> : null}
      {erase.isError ? <Notice tone="error">{describeError(erase.error)}</Notice> : null}
      <div aria-live="polite" className="visually-hidden">
        {erased === null ? '' : `${erased} is erased.`}
      </div>
      {subscribers.isError ? <Notice tone="error">{describeError(subscribers.error)}</Notice> : null}
      {total === 0 ? <p className="muted">No one has signed up yet. Share the page’s link where your readers are: a post, your newsletter, your bio.</p> : null}
      {subscribers.data !== undefined && subscribers.data.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`Table of the readers of ${sample.title}`}>
          <table className={`table${subscribers.isPlaceholderData ? ' is-stale' : ''}`}>
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
                <th scope="col">Consent given</th>
                <th scope="col">Downloads</th>
                <th scope="col">
                  <span className="visually-hidden">Erase</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.data.data.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className="readers__email">{subscriber.email}</td>
                  <td>
                    <span className={`badge badge--reader-${subscriber.status}`}>{STATUS[subscriber.status]}</span>
                  </td>
                  <td>
                    <span title={subscriber.consent_text}>{dateTime(subscriber.consent_at)}</span>
                  </td>
                  <td>{subscriber.downloads}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      disabled={erase.isPending}
                      onClick={() => {
                        if (window.confirm(`Erase ${subscriber.email}? The address and its consent are deleted for good, and no more e-mail goes to it. This cannot be undone.`)) {
                          erase.mutate(subscriber.id, { onSuccess: () => setErased(subscriber.email) });
                        }
                      }}
                    >
                      Erase<span className="visually-hidden"> {subscriber.email}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {subscribers.data === undefined ? null : (
        <Pager
          page={page}
          totalPages={subscribers.data.pagination.total_pages}
          onPage={onPage}
          label="Pages of readers"
          summary={`(${plural(subscribers.data.pagination.total, 'reader')}, ${SUBSCRIBERS_PER_PAGE} a page)`}
        />
      )}
    </section>
  );
}
