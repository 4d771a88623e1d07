/** A secret the service shows only once (an API key, a webhook's signing secret): shown with a copy button and a warning. */
import { useState } from 'react';

export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="notice notice--success shown-once" role="status">
      <p className="notice__title">{label}</p>
      <p>Copy it now: Larder never shows it again.</p>
      <p className="shown-once__value">
        <code>{value}</code>
      </p>
      <div className="shown-once__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
          <span className="visually-hidden"> {label}</span>
        </button>
        <button type="button" className="button button--small button--quiet" onClick={onDone}>
          I have kept it
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied.' : ''}
      </span>
    </div>
  );
}
