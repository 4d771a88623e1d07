/** A harness with a published lead magnet, and the mail job run against a mailer of the test's choosing. */
import { profileLookup, startJobRunner, subscriberMailHandler, subscriptionLinks, type Mailer, type MailMessage } from '@larder/domain';
import { RecordingMailer } from '@larder/domain/testing';
import { harness, type Harness, type HarnessOptions } from '../support/harness.js';
import { createRecipe } from '../support/fixtures.js';

export interface LeadMagnet {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
  readonly version: number;
}

export interface LeadMagnetWorld {
  readonly h: Harness;
  readonly magnet: LeadMagnet;
  readonly mailer: RecordingMailer;
  /** Runs the queued e-mails through `mailer` (the recording one by default); returns the ones sent now. */
  deliver(mailer?: Mailer): Promise<MailMessage[]>;
}

export const PUBLIC_URL = 'https://larder.example.com';

/** Publishes a lead magnet generated from a new ebook (to its page alone), as the harness's user. */
export async function publishLeadMagnet(h: Harness, title = 'Soups — Free Sample'): Promise<LeadMagnet> {
  const recipe = await createRecipe(h, { title: 'Lentil soup', email_ready: true, ingredients: ['200 g red lentils', '1 onion'], instructions: ['Cook.'] });
  const ebook = await h.request({ method: 'POST', url: '/api/products', body: { type: 'ebook', title: 'Soups', recipe_ids: [recipe.id] } });
  const generated = await h.request({ method: 'POST', url: `/api/products/${ebook.json<{ id: string }>().id}/lead-magnet`, body: { title } });
  const id = generated.json<{ id: string }>().id;
  const published = await h.request({ method: 'POST', url: `/api/products/${id}/publish`, body: { platforms: [], price_cents: 0, currency: 'USD' } });
  if (published.statusCode !== 200) throw new Error(`lead magnet not published: ${published.body}`);
  const body = published.json<{ slug: string; version: number }>();
  return { id, slug: body.slug, title, version: body.version };
}

export async function leadMagnetWorld(options: HarnessOptions = {}): Promise<LeadMagnetWorld> {
  const h = await harness({ publicUrl: PUBLIC_URL, ...options });
  const magnet = await publishLeadMagnet(h);
  const mailer = new RecordingMailer();
  const deliver = async (using: Mailer = mailer): Promise<MailMessage[]> => {
    const sent: MailMessage[] = [];
    const watching: Mailer = { send: (message) => using.send(message).map(() => void sent.push(message)) };
    const profiles = profileLookup({ profiles: h.profiles, users: h.users, clock: h.clock, freshForMs: 0 });
    const handler = subscriberMailHandler({ subscribers: h.subscribers, products: h.products, secrets: h.publishing.secrets, mailer: watching, links: subscriptionLinks(h.publishing.publicUrl), profiles });
    const runner = startJobRunner({ queue: h.publishing.queue, handlers: [handler], clock: h.clock, owner: 'test', pollMs: 5 });
    await runner.drained();
    await runner.stop();
    return sent;
  };
  return { h, magnet, mailer, deliver };
}

/** The path and query of a link in an e-mail's text (`/public/confirm/...`), ready for `inject`. */
export function linkIn(mail: MailMessage | undefined, path: 'confirm' | 'downloads' | 'unsubscribe', format?: 'epub'): string {
  const suffix = format === undefined ? '(?![^\\s]*\\?format=)' : `\\?format=${format}`;
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}(/public/${path}/[^\\s?]+)${suffix}`).exec(mail?.text ?? '');
  if (match !== null && format !== undefined) return `${match[1] ?? ''}?format=${format}`;
  if (match === null) throw new Error(`no ${path} link in ${mail?.text ?? 'no mail'}`);
  return match[1] ?? '';
}
