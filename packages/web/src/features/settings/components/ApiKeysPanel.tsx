/** API keys for scripts and apps: scopes chosen in plain words, the key shown once with a copy button, revoking (asks first). */
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { date } from '../../../lib/format';
import { describeError, fieldErrors } from '../../../lib/problem';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type Scope } from '../api/settings';
import { ShownOnce } from './ShownOnce';

const SCOPES: { scope: Scope; words: string }[] = [
  { scope: 'recipes:read', words: 'Read your recipes' },
  { scope: 'recipes:write', words: 'Add, change and archive recipes' },
  { scope: 'products:read', words: 'Read your products, their files and their readers' },
  { scope: 'products:write', words: 'Make, change and publish products' },
  { scope: 'sales:read', words: 'Read your sales and revenue' },
  { scope: 'webhooks:write', words: 'Manage webhooks' },
];

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['recipes:read']);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const fields = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (made) => {
          setShown({ name: made.name, key: made.key });
          setName('');
        },
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p className="muted">
        A key lets a script or an app use Larder’s API as you, limited to what you allow. Keys never manage keys or store connections. The API’s reference is at <a href="/docs">/docs</a>.
      </p>
      {shown === null ? null : <ShownOnce label={`The key “${shown.name}”`} value={shown.key} onDone={() => setShown(null)} />}
      {keys.isError ? <Notice tone="error">{describeError(keys.error)}</Notice> : null}
      {keys.data !== undefined && keys.data.data.length > 0 ? (
        <ul className="key-list">
          {keys.data.data.map((key) => (
            <li key={key.id} className="key-row">
              <div>
                <p className="key-row__name">
                  {key.name} <code className="muted small">{key.prefix}…</code>
                </p>
                <p className="muted small">
                  {key.scopes.map((scope) => SCOPES.find((each) => each.scope === scope)?.words ?? scope).join(' · ')}
                </p>
                <p className="muted small">
                  Made {date(key.created_at)} · {key.last_used_at === null ? 'never used' : `last used ${date(key.last_used_at)}`}
                  {key.expires_at === null ? '' : ` · stops working ${date(key.expires_at)}`}
                </p>
              </div>
              <button
                type="button"
                className="button button--quiet button--small"
                disabled={revoke.isPending}
                onClick={() => {
                  if (window.confirm(`Revoke the key “${key.name}”? Whatever uses it stops working at once. This cannot be undone.`)) revoke.mutate(key.id);
                }}
              >
                Revoke<span className="visually-hidden"> the key {key.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {revoke.isError ? <Notice tone="error">{describeError(revoke.error)}</Notice> : null}
      <form onSubmit={submit} className="settings-form" aria-label="New API key">
        <h3>A new key</h3>
        <Field label="What it is for" hint="Such as “Nightly sales export”: you will see this name in the list." error={fields['name']}>
          {(control) => <input {...control} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />}
        </Field>
        <fieldset className="scope-list">
          <legend>What it may do</legend>
          {SCOPES.map(({ scope, words }) => (
            <label key={scope} className="checkbox">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => setScopes(event.target.checked ? [...scopes, scope] : scopes.filter((each) => each !== scope))} />
              <span>
                {words} <code className="muted small">{scope}</code>
              </span>
            </label>
          ))}
        </fieldset>
        {fields['scopes'] === undefined ? null : <p className="field__error">{fields['scopes']}</p>}
        {create.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{describeError(create.error)}</Notice> : null}
        <button type="submit" className="button button--primary" disabled={create.isPending || scopes.length === 0}>
          {create.isPending ? 'Making it…' : 'Make the key'}
        </button>
      </form>
    </section>
  );
}
