/** Previous and next through the pages of a list, with where the person is. */
import { count } from '../lib/format';

interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers: "Pages of recipes". */
  label: string;
  small?: boolean;
  /** Said after where the person is: "(42 sales, 25 a page)". */
  summary?: string;
  /** The buttons' words when the order has its own ("Newer", "Older"); Previous and Next otherwise. */
  previous?: string;
  next?: string;
}

export function Pager({ page, totalPages, onPage, label, small = false, summary, previous = 'Previous', next = 'Next' }: PagerProps) {
  if (totalPages <= 1) return null;
  const size = small ? ' button--small' : '';
  const where = small ? `${page} / ${count(totalPages)}` : `Page ${page} of ${count(totalPages)}`;
  return (
    <nav className={`pager${small ? ' pager--small' : ''}`} aria-label={label}>
      <button type="button" className={`button${size}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </button>
      <span>{summary === undefined ? where : `${where} ${summary}`}</span>
      <button type="button" className={`button${size}`} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </nav>
  );
}
