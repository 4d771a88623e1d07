/** The free samples and where readers sign up for them: each public page's address, to copy and share. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { api, unwrap } from '../../../lib/api';
import { describeError } from '../../../lib/problem';

export function AudiencePage() {
  const samples = useQuery({
    queryKey: ['products', 'list', 'lead_magnet'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/products', { signal, params: { query: { type: 'lead_magnet', per_page: 100 } } })),
  });
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (address: string) => {
    await navigator.clipboard.writeText(address);
    setCopied(address);
  };
  return (
    <>
      <PageHeader title="Audience" lead="Free samples readers get for their e-mail address, after confirming it." />
      {samples.isPending ? <Loading /> : null}
      {samples.isError ? <Notice tone="error">{describeError(samples.error)}</Notice> : null}
      {samples.data !== undefined && samples.data.data.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No free samples yet.</p>
          <p>
            Open an ebook or a card pack in <Link to="/products">Products</Link> and make a free sample from it.
          </p>
        </div>
      ) : null}
      <ul className="stack">
        {samples.data?.data.map((sample) => {
          const address = sample.slug === null ? null : `${location.origin}/l/${sample.slug}`;
          return (
            <li key={sample.id} className="panel sample-row">
              <div>
                <h2 className="sample-row__title">
                  <Link to="/products/$productId" params={{ productId: sample.id }}>
                    {sample.title}
                  </Link>
                </h2>
                {address === null ? <p className="muted">Not published yet: publish it to give it a public page.</p> : <p className="sample-row__link">{address}</p>}
              </div>
              {address === null ? null : (
                <div className="sample-row__actions">
                  <button type="button" className="button button--small" onClick={() => void copy(address)}>
                    {copied === address ? 'Copied' : 'Copy link'}
                    <span className="visually-hidden"> to {sample.title}</span>
                  </button>
                  <a className="button button--small button--quiet" href={address} target="_blank" rel="noreferrer">
                    Open the page<span className="visually-hidden"> of {sample.title} (new tab)</span>
                  </a>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" className="visually-hidden">
        {copied === null ? '' : 'Link copied.'}
      </div>
    </>
  );
}
