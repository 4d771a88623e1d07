/** Changing the password: the current one first; every other browser is signed out, this one stays. */
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { ApiProblem } from '../../../lib/api';
import { describeError, fieldErrors } from '../../../lib/problem';
import { useChangePassword } from '../api/settings';

export function PasswordPanel() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const fields = fieldErrors(change.error);
  const wrongCurrent = change.error instanceof ApiProblem && change.error.code === 'invalid_credentials';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(next !== again);
    if (next !== again) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setAgain('');
        },
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={submit} className="settings-form">
        <Field label="Current password" error={wrongCurrent ? 'This is not your current password.' : fields['current_password']}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={current} onChange={(event) => setCurrent(event.target.value)} required />}
        </Field>
        <Field label="New password" hint="At least 8 characters; a few words you remember are stronger than a short jumble." error={fields['new_password']}>
          {(control) => <input {...control} type="password" autoComplete="new-password" minLength={8} value={next} onChange={(event) => setNext(event.target.value)} required />}
        </Field>
        <Field label="New password again" error={mismatch ? 'The two new passwords are not the same.' : undefined}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={again} onChange={(event) => setAgain(event.target.value)} required />}
        </Field>
        {change.isError && !wrongCurrent && Object.keys(fields).length === 0 ? <Notice tone="error">{describeError(change.error)}</Notice> : null}
        {change.isSuccess ? (
          <Notice tone="success">
            Your password is changed. {change.data.ended_sessions > 1 ? 'Every other browser you were signed in on is signed out; this one stays signed in.' : 'This browser stays signed in.'}
          </Notice>
        ) : null}
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing it…' : 'Change the password'}
        </button>
      </form>
    </section>
  );
}
