/**
 * The real file, previewed in the page: the PDF the API renders (fetched through the typed client as a blob, shown
 * by the browser's own PDF viewer), with page size and units; and the PDF and EPUB to download. The preview is asked
 * for once its place comes near the screen (at once beside the contents on a wide screen; on a phone, when scrolled
 * to) or the focus enters the panel: a creator who opens a product for its listings does not wait for a PDF viewer.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import type { Product } from '../../../lib/api';
import { useSeen } from '../../../hooks/use-seen';
import { describeError } from '../../../lib/problem';
import { documentBlob, useDocument, type DocumentOptions } from '../api/products';

const SIZES = {
  book: [
    ['a4', 'A4'],
    ['letter', 'US Letter'],
    ['a5', 'A5'],
  ],
  cards: [
    ['4x6', '6 × 4 in'],
    ['5x7', '7 × 5 in'],
    ['a6', 'A6'],
  ],
} as const;

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DocumentPanel({ product }: { product: Product }) {
  const sizes = product.type === 'recipe_card_pack' ? SIZES.cards : SIZES.book;
  const [pageSize, setPageSize] = useState<string>(sizes[0][0]);
  const [units, setUnits] = useState<NonNullable<DocumentOptions['units']>>('original');
  // Keyed by the product's version too: a change to it means a new file.
  const options = { format: 'pdf' as const, page_size: pageSize, units, inline: true, version: product.version };
  const [place, seen] = useSeen<HTMLDivElement>();
  const [focused, setFocused] = useState(false);
  const pdf = useDocument(product.id, options, product.recipe_ids.length > 0 && (seen || focused));
  const url = useMemo(() => (pdf.data === undefined ? undefined : URL.createObjectURL(pdf.data.blob)), [pdf.data]);
  useEffect(() => () => {
    if (url !== undefined) URL.revokeObjectURL(url);
  }, [url]);
  const [downloading, setDownloading] = useState<'pdf' | 'epub' | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);

  const download = async (format: 'pdf' | 'epub') => {
    setDownloading(format);
    setDownloadError(null);
    try {
      const file = await documentBlob(product.id, { format, page_size: pageSize, units, inline: false });
      save(file.blob, file.fileName);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(null);
    }
  };

  const rendering = (
    <p role="status" className="loading">
      <span className="loading__bar" aria-hidden="true" />
      Rendering the PDF: the first time for each version takes a few seconds…
    </p>
  );

  return (
    <section className="panel document-panel" aria-labelledby="document-title" onFocus={() => setFocused(true)}>
      <h2 id="document-title">The file your buyers get</h2>
      <div className="document-panel__controls">
        <Field label="Page size">
          {(control) => (
            <select {...control} value={pageSize} onChange={(event) => setPageSize(event.target.value)}>
              {sizes.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Units">
          {(control) => (
            <select {...control} value={units} onChange={(event) => setUnits(event.target.value as typeof units)}>
              <option value="original">As written</option>
              <option value="metric">Metric</option>
              <option value="us">US</option>
            </select>
          )}
        </Field>
        <div className="document-panel__downloads">
          <button type="button" className="button" disabled={downloading !== null} onClick={() => void download('pdf')}>
            {downloading === 'pdf' ? 'Preparing…' : 'Download PDF'}
          </button>
          {product.type === 'recipe_card_pack' ? null : (
            <button type="button" className="button" disabled={downloading !== null} onClick={() => void download('epub')}>
              {downloading === 'epub' ? 'Preparing…' : 'Download EPUB'}
            </button>
          )}
        </div>
      </div>
      {downloadError === null ? null : <Notice tone="error">{describeError(downloadError)}</Notice>}
      {pdf.isError ? <Notice tone="error">{describeError(pdf.error)}</Notice> : null}
      {url === undefined ? (
        <div ref={place} className="document-panel__preview document-panel__preview--waiting">
          {pdf.isFetching ? (
            rendering
          ) : product.recipe_ids.length === 0 ? (
            <p className="muted">Add recipes to see the file here.</p>
          ) : pdf.isError ? null : (
            <p className="muted">The PDF’s preview opens here.</p>
          )}
        </div>
      ) : (
        <>
          {pdf.isFetching ? rendering : null}
          <PreviewFrame src={`${url}#navpanes=0&view=FitH`} title={`PDF preview of ${product.title}`} />
        </>
      )}
    </section>
  );
}

/**
 * The browser's PDF viewer in a frame. When the keyboard's focus goes into it, the page's window loses focus to the
 * frame (the frame itself matches no `:focus`), so the ring around the frame is drawn from that: the viewer's own
 * controls show where inside it the focus is.
 */
function PreviewFrame({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const mark = () => {
      const element = frame.current;
      if (element === null) return;
      if (document.activeElement === element) element.dataset['focused'] = '';
      else delete element.dataset['focused'];
    };
    window.addEventListener('blur', mark);
    window.addEventListener('focus', mark);
    return () => {
      window.removeEventListener('blur', mark);
      window.removeEventListener('focus', mark);
    };
  }, []);
  return <iframe ref={frame} className="document-panel__preview" src={src} title={title} />;
}
