/** Previous and next through the pages of a list, with where the person is. */
interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers: "Pages of recipes". */
  label: string;
  small?: boolean;
}

export function Pager({ page, totalPages, onPage, label, small = false }: PagerProps) {
  if (totalPages <= 1) return null;
  const size = small ? ' button--small' : '';
  return (
    <nav className={`pager${small ? ' pager--small' : ''}`} aria-label={label}>
      <button type="button" className={`button${size}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        {small ? `${page} / ${totalPages.toLocaleString('en')}` : `Page ${page} of ${totalPages.toLocaleString('en')}`}
      </span>
      <button type="button" className={`button${size}`} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
