/**
 * A labelled control with its hint and its error underneath, tied together for screen readers
 * (`aria-describedby`, `aria-invalid`). The control is passed as a render function so that it gets the ids.
 */
import { useId, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? undefined : hintId, error === undefined ? undefined : errorId].filter(Boolean).join(' ');
  return (
    <div className={`field${error === undefined ? '' : ' field--invalid'}${className === undefined ? '' : ` ${className}`}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(describedBy === '' ? {} : { 'aria-describedby': describedBy }), ...(error === undefined ? {} : { 'aria-invalid': true as const }) })}
      {hint === undefined ? null : (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
