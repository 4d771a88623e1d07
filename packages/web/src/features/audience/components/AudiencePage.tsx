/**
 * The free samples and their readers: each public page's address to copy and share with a preview, the readers who
 * confirmed, and the open sample's subscribers (in the URL: `/audience?sample=<id>`) with their status, consent and
 * downloads, erasing one (which asks first), and the CSV.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { Photo } from '../../../components/Photo';
import type { Product } from '../../../lib/api';
import { plural } from '../../../lib/format';
import { describeError } from '../../../lib/problem';
import { useReaderCounts, useSamples } from '../api/audience';
import { Readers } from './Readers';

const route = getRouteApi('/studio/audience');

export function AudiencePage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/audience' });
  const samples = useSamples();
  const [copied, setCopied] = useState<string | null>(null);
  const list = samples.data?.data ?? [];
  const openId = search.sample ?? (list.length === 1 ? list[0]?.id : undefined);
  const open = list.find((sample) => sample.id === openId);
  const copy = async (address: string) => {
    await navigator.clipboard.writeText(address);
    setCopied(address);
  };
  return (
    <>
      <PageHeader title="Audience" lead="Free samples readers get for their e-mail address, after confirming it, and the readers who asked." />
      {samples.isPending ? <Loading /> : null}
      {samples.isError ? <Notice tone="error">{describeError(samples.error)}</Notice> : null}
      {samples.data !== undefined && list.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No free samples yet.</p>
          <p>
            Open an ebook or a card pack in <Link to="/products">Products</Link> and make a free sample from it; publish it to give it a page where readers sign up.
          </p>
        </div>
      ) : null}
      <ul className="stack">
        {list.map((sample) => (
          <li key={sample.id}>
            <SampleCard
              sample={sample}
              copied={copied}
              onCopy={(address) => void copy(address)}
              isOpen={sample.id === openId}
              onOpen={() => void navigate({ search: { sample: sample.id } })}
            />
          </li>
        ))}
      </ul>
      <div aria-live="polite" className="visually-hidden">
        {copied === null ? '' : 'Link copied.'}
      </div>
      {open === undefined ? null : <Readers key={open.id} sample={open} page={search.page ?? 1} onPage={(page) => void navigate({ search: { sample: open.id, ...(page > 1 ? { page } : {}) } })} />}
    </>
  );
}

interface SampleCardProps {
  sample: Product;
  copied: string | null;
  onCopy: (address: string) => void;
  isOpen: boolean;
  onOpen: () => void;
}

function SampleCard({ sample, copied, onCopy, isOpen, onOpen }: SampleCardProps) {
  const counts = useReaderCounts(sample.id);
  const address = sample.slug === null || sample.status !== 'published' ? null : `${location.origin}/l/${sample.slug}`;
  return (
    <article className="panel sample-card" aria-labelledby={`sample-${sample.id}`}>
      <div className="sample-card__preview">
        {sample.cover === null ? <div className="sample-card__placeholder" aria-hidden="true" /> : <Photo photo={sample.cover} alt="" sizes="8rem" />}
      </div>
      <div className="sample-card__body">
        <h2 className="sample-row__title" id={`sample-${sample.id}`}>
          <Link to="/products/$productId" params={{ productId: sample.id }}>
            {sample.title}
          </Link>
        </h2>
        <p className="muted small">
          {counts.confirmed === undefined ? 'Counting readers…' : `${plural(counts.confirmed, 'confirmed reader')}${counts.pending ? `, ${counts.pending} waiting to confirm` : ''}`}
        </p>
        {address === null ? (
          <p className="muted">Not published: publish it from its page to give it a public page.</p>
        ) : (
          <>
            <p className="sample-row__link">{address}</p>
            <div className="sample-row__actions">
              <button type="button" className="button button--small" onClick={() => onCopy(address)}>
                {copied === address ? 'Copied' : 'Copy link'}
                <span className="visually-hidden"> to {sample.title}</span>
              </button>
              <a className="button button--small button--quiet" href={address} target="_blank" rel="noreferrer">
                Preview the page<span className="visually-hidden"> of {sample.title} (new tab)</span>
              </a>
            </div>
          </>
        )}
        {isOpen ? null : (
          <button type="button" className="button button--small button--quiet sample-card__readers" onClick={onOpen}>
            See its readers<span className="visually-hidden"> ({sample.title})</span>
          </button>
        )}
      </div>
    </article>
  );
}
