/** A message in the flow of the page: an error (announced at once) or news (announced politely). */
import type { ReactNode } from 'react';

interface NoticeProps {
  tone: 'error' | 'info' | 'success' | 'warning';
  children: ReactNode;
  title?: string;
}

export function Notice({ tone, children, title }: NoticeProps) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title === undefined ? null : <p className="notice__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
