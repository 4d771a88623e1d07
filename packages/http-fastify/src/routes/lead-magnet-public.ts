/**
 * The public side of lead magnets, outside `/api`, without a token: `GET /l/{slug}` (the page), its cover and share
 * picture, `POST /l/{slug}` (its form), `POST /public/lead-magnets/{slug}/subscriptions` (the same for scripts, in
 * JSON), and the links e-mails carry: confirm, download, unsubscribe (RFC 8058 one-click).
 *
 * The page and its pictures are served from memory (public-page-cache.ts), cacheable by a CDN for a minute, and not
 * limited per address: a school or a mobile carrier puts thousands of readers behind one. Everything else is limited
 * per client address, and asking also per e-mail address.
 *
 * Pages are HTML; an error is a page too when the client asks for HTML (a browser), and a problem (RFC 9457) otherwise.
 * Asking answers 202 with the same body whatever the address. E-mails leave through the job queue, never here.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  authorizeDownload,
  checkUnsubscribeLink,
  confirmSubscription,
  documentFiles,
  recordDownload,
  subscribe,
  unsubscribe,
  type DocumentFileDeps,
  type DomainError,
  type SubscriptionDeps,
} from '@larder/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemForDomainError } from '../http/error-mapper.js';
import { named } from '../http/plugin-name.js';
import { logStoreFailure, sendDomainError } from '../http/reply.js';
import { acceptedPage, confirmedPage, errorPage, unsubscribedPage, unsubscribePage } from '../pages/lead-magnet-pages.js';
import { sendHtml, wantsHtml } from '../pages/html.js';
import { AcceptedSchema, DownloadQuery, SlugParams, SubscriptionBody, TokenParams } from '../schemas/subscriber.js';
import { brandedPage, leadMagnetPage } from '../pages/lead-magnet-page.js';
import type { PageAsset, PublicPage, PublicPageCache } from '../pages/public-page-cache.js';
import type { Limiter } from '../plugins/rate-limit.js';
import { noneMatchHits } from '../http/document-etag.js';
import { problems } from '../schemas/responses.js';

export interface LeadMagnetPublicDeps extends SubscriptionDeps {
  /** How the lead magnet's file is found or rendered (the same stored files as the API's downloads). */
  readonly documents: DocumentFileDeps;
  /** Told after a write that raised events (`subscriber.confirmed`). */
  readonly onEvents?: () => void;
  /** The free samples' pages, their covers and share pictures, rendered once per version. */
  readonly pages: PublicPageCache;
  /** Hooks: `perAddress` on every route but the page and its pictures, `perEmail` (after the body is read) on asking. */
  readonly limits?: { readonly perAddress: Limiter; readonly perEmail: Limiter };
}

/** What a CDN (and a browser) may keep the page and its pictures for: a change shows within the minute. */
const PUBLIC_CACHE = 'public, max-age=60';

const tags = ['public'];
const FORM_LIMIT_BYTES = 16 * 1024;
const PUBLIC_PROBLEMS = [429, 500, 503] as const;
const ACCEPTED = { status: 'accepted' as const, detail: 'If the address can receive e-mail, a message to confirm it is on its way; its link brings the download.' };

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
/** A file in one of `mediaTypes` (a function, so that the type provider does not take the body for a JSON string). */
const binary = (description: string, mediaTypes: readonly string[], headers: Record<string, unknown> = {}) => ({
  description,
  headers,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

/** A domain failure as a page (for a browser) or a problem (for a program). */
function sendFailure(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  if (!wantsHtml(request.headers.accept)) return sendDomainError(reply, error);
  logStoreFailure(reply, error);
  const response = problemForDomainError(error);
  for (const [name, value] of Object.entries(response.headers ?? {})) reply.header(name, value);
  return sendHtml(reply, response.problem.status, errorPage(response.problem.status, response.problem.detail), { private: true });
}


export const leadMagnetPublicRoutes: FastifyPluginAsyncTypebox<LeadMagnetPublicDeps> = async (app, deps) => {
  const ask = subscribe(deps);
  const confirm = confirmSubscription(deps);
  const grant = authorizeDownload(deps);
  const counted = recordDownload(deps);
  const checkUnsubscribe = checkUnsubscribeLink(deps);
  const leave = unsubscribe(deps);
  const files = documentFiles(deps.documents);

  // The form's body, and RFC 8058's one-click `List-Unsubscribe=One-Click`: the first value of each field.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) fields[key] ??= value;
    done(null, fields);
  });

  const perAddress = deps.limits === undefined ? {} : { onRequest: deps.limits.perAddress };
  const asking = deps.limits === undefined ? {} : { onRequest: deps.limits.perAddress, preHandler: deps.limits.perEmail };

  /** The page from memory when it is fresh, else checked against the store (once at a time per slug). */
  const publicPage = async (slug: string): Promise<PublicPage | DomainError> => {
    const fresh = deps.pages.fresh(slug);
    if (fresh !== undefined) return fresh ?? { type: 'LeadMagnetNotFound', slug };
    const loaded = await deps.pages.load(slug);
    if (loaded.isErr()) return loaded.error;
    return loaded.value ?? { type: 'LeadMagnetNotFound', slug };
  };
  const isPage = (found: PublicPage | DomainError): found is PublicPage => 'body' in found;

  /** A picture of the page, as kept: 304 for its tag, cacheable for a minute like the page. */
  const sendAsset = (request: FastifyRequest, reply: FastifyReply, asset: PageAsset): FastifyReply => {
    reply.header('cache-control', PUBLIC_CACHE).header('etag', asset.etag).header('cross-origin-resource-policy', 'cross-origin').type('image/jpeg');
    if (noneMatchHits(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
    return reply.send(asset.bytes);
  };

  app.get('/l/:slug', {
    schema: {
      tags,
      operationId: 'getLeadMagnetPage',
      summary: 'The public page of a free sample (lead magnet)',
      description:
        'HTML, for people: the creator\u2019s name and logo (linking to their website), the title, what it is ("Free sample · 3 recipes"), the cover, the description, ' +
        'the titles of the recipes inside, a form (e-mail address, a consent checkbox, a hidden field people leave empty) that posts back to this address, and a ' +
        'footer with the privacy policy, the website and the social pages. Its head has the social preview (`og:title`, `og:description`, `og:image` at 1200 × 630, ' +
        '`og:url`, `twitter:card=summary_large_image`) and the logo as its icon. Works without JavaScript. Rendered once per version of the product and the ' +
        'creator\u2019s profile and served from memory, with a strong `ETag` (304 on `If-None-Match`) and `Cache-Control: public, max-age=60`: a change shows ' +
        'within the minute. Not limited per client address. 404 when no published lead magnet has this slug (an HTML page when the client accepts HTML).',
      security: [],
      params: SlugParams,
      response: {
        200: { ...html('The page.'), headers: { ETag: { type: 'string', description: 'Strong: a digest of the page.' }, 'Cache-Control': { type: 'string', description: '`public, max-age=60`.' } } },
        304: { description: 'Not modified: `If-None-Match` named the current `ETag`.' },
        ...problems([404, ...PUBLIC_PROBLEMS]),
      },
    },
  }, async (request, reply) => {
    const found = await publicPage(request.params.slug);
    if (!isPage(found)) return sendFailure(request, reply, found);
    reply.headers({ 'content-security-policy': found.csp, 'cache-control': PUBLIC_CACHE, etag: found.etag });
    if (noneMatchHits(request.headers['if-none-match'], found.etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(found.body);
  });

  app.get('/l/:slug/cover.jpg', {
    schema: {
      tags,
      operationId: 'getLeadMagnetCover',
      summary: 'The cover shown on a free sample\u2019s page',
      description: 'The lead magnet\u2019s cover as a JPEG: the uploaded one, else its generated cover (the picture the API\u2019s `cover` and the platforms show). From memory, `ETag` and `Cache-Control: public, max-age=60`, not limited per address. 404 when there is no such page, or no cover.',
      security: [],
      params: SlugParams,
      response: { 200: binary('The cover.', ['image/jpeg']), 304: { description: 'Not modified.' }, ...problems([404, ...PUBLIC_PROBLEMS]) },
    },
  }, async (request, reply) => {
    const found = await publicPage(request.params.slug);
    if (!isPage(found)) return sendFailure(request, reply, found);
    const cover = await found.cover();
    if (cover === null) return sendFailure(request, reply, { type: 'LeadMagnetNotFound', slug: request.params.slug });
    return sendAsset(request, reply, cover);
  });

  app.get('/l/:slug/share.jpg', {
    schema: {
      tags,
      operationId: 'getLeadMagnetSharePicture',
      summary: 'The social preview picture of a free sample\u2019s page',
      description: 'The page\u2019s `og:image`: its cover fitted whole into 1200 × 630 (the size link previews use), on the creator\u2019s brand colour, else on the cover itself blurred. A JPEG, from memory, `ETag` and `Cache-Control: public, max-age=60`, not limited per address. 404 when there is no such page, or no cover.',
      security: [],
      params: SlugParams,
      response: { 200: binary('The picture.', ['image/jpeg']), 304: { description: 'Not modified.' }, ...problems([404, ...PUBLIC_PROBLEMS]) },
    },
  }, async (request, reply) => {
    const found = await publicPage(request.params.slug);
    if (!isPage(found)) return sendFailure(request, reply, found);
    const share = await found.share();
    if (share === null) return sendFailure(request, reply, { type: 'LeadMagnetNotFound', slug: request.params.slug });
    return sendAsset(request, reply, share);
  });

  app.post('/l/:slug', {
    ...asking,
    schema: {
      tags,
      operationId: 'submitLeadMagnetForm',
      summary: 'Ask for a lead magnet (the page’s form)',
      description:
        'The form of `GET /l/{slug}`, `application/x-www-form-urlencoded`: `email`, `consent` (any value: ticked), `website` (the hidden field; filled in, ' +
        'the request is answered as usual and nothing is done). 202 with the same page whether or not the address was known. ' +
        'A bad address or no consent: 422 with the form again, saying what to fix (a problem for a client that does not accept HTML). ' +
        'The address then gets a confirmation e-mail, at most 3 e-mails a day whatever is asked.',
      security: [],
      params: SlugParams,
      consumes: ['application/x-www-form-urlencoded'],
      body: {
        type: 'object',
        properties: {
          email: { type: 'string', description: 'The reader’s address.' },
          consent: { type: 'string', description: 'Present (any value) when the box is ticked.' },
          website: { type: 'string', description: 'The hidden field: people leave it empty.' },
        },
      },
      response: { 202: html('“Check your inbox”.'), ...problems([404, 413, 415, 422, ...PUBLIC_PROBLEMS], { 422: '`rule_violation`: the address is not one mail can be sent to, or consent was not given.' }) },
    },
  }, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string): string => {
      const value = fields[name];
      return typeof value === 'string' ? value : '';
    };
    const found = await publicPage(request.params.slug);
    if (!isPage(found)) return sendFailure(request, reply, found);
    const email = text('email');
    const result = await ask({ slug: request.params.slug, email, consent: text('consent') !== '', honeypot: text('website') !== '' });
    if (result.isErr()) {
      const error = result.error;
      if (error.type === 'RuleViolation' && wantsHtml(request.headers.accept)) {
        const field = error.detail.startsWith('consent') ? 'consent' : 'email';
        const message = field === 'email' ? 'Please enter an e-mail address we can write to, like name@example.com.' : 'Please tick the box to agree to the e-mails: they are how the free sample reaches you.';
        return sendHtml(reply, 422, leadMagnetPage({ ...found.model, error: { field, message }, email: email.slice(0, 254) }), { private: true });
      }
      return sendFailure(request, reply, error);
    }
    deps.onQueued?.();
    return sendHtml(reply, 202, brandedPage(acceptedPage(found.product.title), found.model.creator), { private: true });
  });

  app.post('/public/lead-magnets/:slug/subscriptions', {
    ...asking,
    schema: {
      tags,
      operationId: 'subscribeToLeadMagnet',
      summary: 'Ask for a lead magnet (JSON)',
      description:
        'What the page’s form does, for scripts: `{ "email", "consent": true }`. 202 with the same body whether or not the address was known, confirmed or ' +
        'unsubscribed (no enumeration); the address then gets a confirmation e-mail (a confirmed one: a new download link), at most 3 e-mails a day. ' +
        '422 `rule_violation` for an address mail cannot be sent to or a missing consent; 400 for a body of the wrong shape; 404 for a slug no published ' +
        'lead magnet has.',
      security: [],
      params: SlugParams,
      body: SubscriptionBody,
      response: {
        202: { ...AcceptedSchema, description: 'Accepted; the same body for every address.' },
        ...problems([400, 404, 413, 415, 422, ...PUBLIC_PROBLEMS], { 422: '`rule_violation`: the address is not one mail can be sent to, or `consent` is not `true`.' }),
      },
    },
  }, async (request, reply) => {
    const result = await ask({ slug: request.params.slug, email: request.body.email, consent: request.body.consent === true });
    if (result.isErr()) return sendDomainError(reply, result.error);
    return reply.code(202).header('cache-control', 'no-store').send(ACCEPTED);
  });

  app.get('/public/confirm/:token', {
    ...perAddress,
    schema: {
      tags,
      operationId: 'confirmSubscription',
      summary: 'Confirm a subscription (the confirmation e-mail’s link)',
      description:
        'Confirms the address (once: the link is single-use and valid 7 days), raises `subscriber.confirmed`, sends the download e-mail, and shows a page with ' +
        'the download links. A used or outdated link is 410 `link_expired`; an unknown one 404. `HEAD` confirms nothing (200, no body).',
      security: [],
      params: TokenParams,
      response: { 200: html('Confirmed, with the download links.'), ...problems([404, 410, ...PUBLIC_PROBLEMS]) },
    },
  }, async (request, reply) => {
    // A HEAD (a link checker, a mail scanner peeking) confirms nothing.
    if (request.method === 'HEAD') return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
    const result = await confirm(request.params.token);
    if (result.isErr()) return sendFailure(request, reply, result.error);
    deps.onEvents?.();
    deps.onQueued?.();
    // Relative to /public/confirm/{token}: wherever the service is mounted.
    const confirmed = confirmedPage(result.value.product.title, `../downloads/${encodeURIComponent(result.value.download)}`);
    return sendHtml(reply, 200, brandedPage(confirmed, await deps.pages.creatorOf(result.value.product), 1), { private: true });
  });

  app.get('/public/downloads/:token', {
    ...perAddress,
    schema: {
      tags,
      operationId: 'downloadLeadMagnet',
      summary: 'Download a lead magnet (the download e-mail’s link)',
      description:
        'The PDF (or the EPUB with `format=epub`), as an attachment. The link works as often as wanted for 7 days from the e-mail that carried it, then ' +
        '410 `link_expired`; each download counts (`downloads` of the subscriber). 404 for an unknown link, or a lead magnet no longer published.',
      security: [],
      params: TokenParams,
      querystring: DownloadQuery,
      response: {
        200: binary('The file.', ['application/pdf', 'application/epub+zip'], {
          'Content-Disposition': { type: 'string', description: '`attachment; filename="<title as a slug>.pdf"` (or `.epub`).' },
        }),
        ...problems([400, 404, 410, ...PUBLIC_PROBLEMS]),
      },
    },
  }, async (request, reply) => {
    const granted = await grant(request.params.token);
    if (granted.isErr()) return sendFailure(request, reply, granted.error);
    const { product, subscriber } = granted.value;
    const located = await files.locate({ id: product.id, format: request.query.format ?? 'pdf' });
    if (located.isErr()) return sendFailure(request, reply, located.error);
    const opened = await files.open(located.value);
    if (opened.isErr()) {
      if (opened.error.type === 'RenderFailed' || opened.error.type === 'FileSourceFailed') request.log.error({ product_id: product.id, reason: opened.error.message }, 'document rendering failed');
      return sendFailure(request, reply, opened.error);
    }
    if (request.method === 'GET') {
      const count = await counted(subscriber.id);
      if (count.isErr()) request.log.warn({ reason: count.error.message }, 'download not counted');
    }
    return reply
      .type(located.value.mediaType)
      .header('cache-control', 'private, no-store')
      .header('content-length', opened.value.size)
      .header('content-disposition', `attachment; filename="${located.value.fileName}"`)
      .send(Readable.from(opened.value.body, { objectMode: false }));
  });

  app.get('/public/unsubscribe/:token', {
    ...perAddress,
    schema: {
      tags,
      operationId: 'getUnsubscribePage',
      summary: 'The unsubscribe page (the e-mails’ link)',
      description:
        'A page with one button that unsubscribes (a POST to the same address). Opening the link changes nothing, so that a mail program or scanner that ' +
        'opens links cannot unsubscribe anyone; mail programs use the one-click POST (RFC 8058).',
      security: [],
      params: TokenParams,
      response: { 200: html('The page with the button.'), ...problems([404, ...PUBLIC_PROBLEMS]) },
    },
  }, async (request, reply) => {
    const result = await checkUnsubscribe(request.params.token);
    if (result.isErr()) return sendFailure(request, reply, result.error);
    const product = result.value.product;
    return sendHtml(reply, 200, brandedPage(unsubscribePage(product?.title ?? null), product === null ? null : await deps.pages.creatorOf(product), 1), { private: true });
  });

  // RFC 8058: a mail program's one-click POST may carry any body in any content type (its own example is
  // multipart/form-data). The link says who; the body is read up to the form limit and dropped.
  await app.register(named(async (child: typeof app) => {
    const oneClick = child.withTypeProvider<TypeBoxTypeProvider>();
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_LIMIT_BYTES }, (_request, _body, done) => done(null, undefined));
    oneClick.post('/public/unsubscribe/:token', {
      ...perAddress,
      schema: {
        tags,
        operationId: 'unsubscribe',
        summary: 'Unsubscribe (one click, RFC 8058)',
        description:
          'The target of `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and of the unsubscribe page’s button. Any body ' +
          'of any content type (RFC 8058’s `List-Unsubscribe=One-Click` as a form or as `multipart/form-data`, its own example; or none) is accepted and not read: ' +
          'the link itself says who. No more e-mails go to the address; unsubscribing twice is the same. ' +
          '200 with a page; 404 for an unknown link. Download links already sent keep working for their 7 days.',
        security: [],
        params: TokenParams,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        response: { 200: html('Unsubscribed.'), ...problems([404, 413, ...PUBLIC_PROBLEMS]) },
      },
    }, async (request, reply) => {
      const result = await leave(request.params.token);
      if (result.isErr()) return sendFailure(request, reply, result.error);
      const product = result.value.product;
      return sendHtml(reply, 200, brandedPage(unsubscribedPage(product?.title ?? null), product === null ? null : await deps.pages.creatorOf(product), 1), { private: true });
    });
  }, 'one-click unsubscribe'));
};
