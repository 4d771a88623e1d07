/** Signing in: e-mail and password for a browser session (an HttpOnly cookie the page's scripts never see). */
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { describeError } from '../../../lib/problem';
import { useSignIn } from '../../../lib/session';

export function SignInPage({ redirect }: { redirect?: string | undefined }) {
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          // Only a path of this studio: never a way off the site.
          const target = redirect !== undefined && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/recipes';
          void navigate({ to: target });
        },
      },
    );
  };

  return (
    <main className="signin" id="main">
      <div className="signin__panel">
        <p className="brand brand--large" aria-hidden="true">
          <span className="brand__mark">L</span> Larder
        </p>
        <h1 tabIndex={-1} className="page-title">
          Sign in to your studio
        </h1>
        <p className="page-lead">Your recipes, your books and your shop, in one calm place.</p>
        <form onSubmit={submit} className="stack">
          {signIn.isError ? <Notice tone="error">{describeError(signIn.error)}</Notice> : null}
          <Field label="E-mail">{(control) => <input {...control} type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />}</Field>
          <Field label="Password">
            {(control) => <input {...control} type="password" name="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />}
          </Field>
          <button type="submit" className="button button--primary button--wide" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="signin__foot">
          Working from a script? Use the <a href="/docs">API reference</a> and an API key instead.
        </p>
      </div>
    </main>
  );
}
