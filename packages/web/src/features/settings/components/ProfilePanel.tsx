/**
 * The creator's profile and brand: the name readers see, the website, the brand colour, the social pages, the privacy
 * policy and the postal address (e-mails print it), and the logo. Shown on the free samples' pages, in documents, on
 * drawn covers, in e-mails and in listings. The whole profile is saved at once against the version shown (If-Match).
 */
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { ImageFileButton, useUploadPreview } from '../../../components/ImageFileButton';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { Photo } from '../../../components/Photo';
import { ApiProblem } from '../../../lib/api';
import { describeError, fieldErrors, messageFor } from '../../../lib/problem';
import { useProfile, useRemoveLogo, useSaveProfile, useUploadLogo, type Profile, type ProfileChanges } from '../api/profile';

const NETWORKS = [
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
  ['pinterest', 'Pinterest'],
  ['youtube', 'YouTube'],
  ['facebook', 'Facebook'],
] as const;

type Form = Record<'display_name' | 'website_url' | 'brand_color' | 'privacy_policy_url' | 'postal_address' | (typeof NETWORKS)[number][0], string>;

const toForm = (profile: Profile): Form => ({
  display_name: profile.display_name,
  website_url: profile.website_url ?? '',
  brand_color: profile.brand_color ?? '',
  privacy_policy_url: profile.privacy_policy_url ?? '',
  postal_address: profile.postal_address ?? '',
  instagram: profile.social.instagram ?? '',
  tiktok: profile.social.tiktok ?? '',
  pinterest: profile.social.pinterest ?? '',
  youtube: profile.social.youtube ?? '',
  facebook: profile.social.facebook ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

const toChanges = (form: Form): ProfileChanges => ({
  display_name: form.display_name,
  website_url: orNull(form.website_url),
  brand_color: orNull(form.brand_color),
  privacy_policy_url: orNull(form.privacy_policy_url),
  postal_address: orNull(form.postal_address),
  social: Object.fromEntries(NETWORKS.map(([key]) => [key, orNull(form[key])])) as ProfileChanges['social'],
});

export function ProfilePanel() {
  const profile = useProfile();
  // While it loads, the panel already takes about the room the form will, so the panels below do not jump.
  if (profile.isPending)
    return (
      <section className="panel profile-pending" aria-label="Your profile and brand">
        <Loading label="Opening your profile…" />
      </section>
    );
  if (profile.isError) return <Notice tone="error">{describeError(profile.error)}</Notice>;
  return <ProfileForm profile={profile.data} onReload={async () => (await profile.refetch()).data} />;
}

const sameForm = (one: Profile, other: Profile) => JSON.stringify(toForm(one)) === JSON.stringify(toForm(other));

function ProfileForm({ profile, onReload }: { profile: Profile; onReload: () => Promise<Profile | undefined> }) {
  // The version the form was filled from (the save's If-Match). A logo changed here moves it on, the form's edits
  // kept, unless the profile's fields changed elsewhere meanwhile (then the save's 412 says so).
  const [base, setBase] = useState(profile);
  const [form, setForm] = useState(() => toForm(profile));
  const save = useSaveProfile();
  const upload = useUploadLogo();
  const removeLogo = useRemoveLogo();
  const ownChange = (changed: Profile) => setBase((previous) => (sameForm(changed, previous) ? changed : previous));
  const { preview, choose } = useUploadPreview((file, settled) => upload.mutate(file, { onSuccess: ownChange, onSettled: settled }));
  const errors = fieldErrors(save.error);
  const conflict = save.error instanceof ApiProblem && save.error.code === 'precondition_failed';
  const set = (key: keyof Form) => (value: string) => setForm((previous) => ({ ...previous, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ changes: toChanges(form), version: base.version }, { onSuccess: (saved) => setBase(saved) });
  };
  const text = (key: keyof Form, label: string, hint?: string, pointer: string = key) => (
    <Field label={label} hint={hint} error={messageFor(errors, pointer)}>
      {(control) => <input {...control} name={key} type={key === 'display_name' ? 'text' : 'url'} value={form[key]} onChange={(event) => set(key)(event.target.value)} />}
    </Field>
  );
  const colour = /^#[0-9a-f]{6}$/i.test(form.brand_color) ? form.brand_color.toLowerCase() : '#9c3f1c';

  return (
    <form onSubmit={submit} noValidate className="panel" aria-labelledby="profile-title">
      <h2 id="profile-title">Your profile and brand</h2>
      <p className="muted">Readers see these on your free samples’ pages, in your books, on drawn covers, in the e-mails they get and in your store listings.</p>
      {conflict ? (
        <Notice tone="warning" title="Your profile was changed elsewhere since you opened it">
          <p>Nothing was saved. Load the saved profile to carry on from it.</p>
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              void onReload().then((saved) => {
                if (saved === undefined) return;
                save.reset();
                setBase(saved);
                setForm(toForm(saved));
              })
            }
          >
            Load the saved profile
          </button>
        </Notice>
      ) : save.isError ? (
        <Notice tone="error">{Object.keys(errors).length > 0 ? 'Some fields need a look: see the messages under them.' : describeError(save.error)}</Notice>
      ) : save.isSuccess ? (
        <Notice tone="success">Saved. New pages, files and e-mails carry it from now on.</Notice>
      ) : null}
      <div className="profile-grid">
        <div>
          {text('display_name', 'Your name as readers see it', 'On your pages (“by …”), books, covers and as the sender of your e-mails.')}
          {text('website_url', 'Website', 'An https address.')}
          <Field label="Brand colour" hint="A colour like #2f6b4f, for your pages, covers and e-mails." error={messageFor(errors, 'brand_color')}>
            {(control) => (
              <div className="colour-field">
                <input {...control} name="brand_color" value={form.brand_color} placeholder="#2f6b4f" onChange={(event) => set('brand_color')(event.target.value)} />
                <input type="color" aria-label="Pick the brand colour" value={colour} onChange={(event) => set('brand_color')(event.target.value)} />
              </div>
            )}
          </Field>
          {text('privacy_policy_url', 'Privacy policy', 'Linked wherever readers give you their e-mail address.')}
          <Field label="Postal address" hint="Printed in the footer of your e-mails, as anti-spam laws ask. Up to 6 lines." error={messageFor(errors, 'postal_address')}>
            {(control) => <textarea {...control} name="postal_address" rows={4} value={form.postal_address} onChange={(event) => set('postal_address')(event.target.value)} />}
          </Field>
        </div>
        <div>
          <fieldset className="plain-fieldset">
            <legend>Your pages on the networks</legend>
            {NETWORKS.map(([key, label]) => text(key, label, undefined, `social.${key}`))}
          </fieldset>
          <div className="logo-field">
            <p className="field-label">Logo</p>
            <div className="logo-field__frame">
              {preview !== null ? (
                <img src={preview} alt="The chosen logo, uploading" />
              ) : profile.logo === null ? (
                <span className="muted small">No logo yet</span>
              ) : (
                <Photo photo={profile.logo} alt="Your logo" sizes="120px" eager />
              )}
            </div>
            {upload.isError ? <Notice tone="error">{describeError(upload.error)}</Notice> : null}
            {removeLogo.isError ? <Notice tone="error">{describeError(removeLogo.error)}</Notice> : null}
            <div className="photo-panel__actions">
              <ImageFileButton label={profile.logo === null ? 'Upload a logo' : 'Replace the logo'} onFile={choose} />
              {profile.logo === null ? null : (
                <button type="button" className="button button--quiet" disabled={removeLogo.isPending} onClick={() => window.confirm('Remove your logo?') && removeLogo.mutate(undefined, { onSuccess: ownChange })}>
                  Remove
                </button>
              )}
            </div>
          </div>
        </div>
      </div>
      <div className="form-foot">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the profile'}
        </button>
      </div>
    </form>
  );
}
