/** Work under way, said in words for screen readers and shown as a calm line for everyone else. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="loading__bar" aria-hidden="true" />
      {label}
    </p>
  );
}
