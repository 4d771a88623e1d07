/** The top of a screen: its one `h1` (focused after navigation, see app/focus-on-navigate) and its main actions. */
import type { ReactNode } from 'react';

export function PageHeader({ title, lead, actions }: { title: ReactNode; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 tabIndex={-1} className="page-title">
          {title}
        </h1>
        {lead === undefined ? null : <p className="page-lead">{lead}</p>}
      </div>
      {actions === undefined ? null : <div className="page-actions">{actions}</div>}
    </header>
  );
}
