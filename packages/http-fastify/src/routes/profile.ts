/**
 * `/api/profile`: the creator's name and brand (made on its first read), replaced whole by a PUT; `/api/profile/logo`
 * takes an image as photo uploads do. Login tokens only: the profile holds a postal address, and no API key scope
 * names it. A change reaches this process's pages and documents at once, other instances' within seconds.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getProfile, MAX_PHOTO_BYTES, removeProfileLogo, replaceProfile, setProfileLogo, type PhotoDeps, type ProfileDeps, type ProfileLookup, type ProfileRules } from '@larder/domain';
import { IMAGE_CONTENT_TYPE, imageBodyParser, NOT_AN_IMAGE_BODY } from '../http/image-body.js';
import { named } from '../http/plugin-name.js';
import { sendProblem } from '../http/problem.js';
import { ifMatchOf, sendDomainError, sendVersioned } from '../http/reply.js';
import { IfMatchHeaders, refTo } from '../schemas/common.js';
import { IMAGE_BODY, PHOTO_UPLOAD_RULES } from '../schemas/photo.js';
import { ProfilePutBody, ProfileSchema } from '../schemas/profile.js';
import { AUTHENTICATED_HEADERS, AUTHENTICATED_PROBLEMS, ETAG, problems, success } from '../schemas/responses.js';

export interface ProfileRouteDeps extends ProfileDeps {
  readonly rules: ProfileRules;
  readonly lookup: ProfileLookup;
  /** The image codec and the file store: without them, the logo routes are not served. */
  readonly photos?: PhotoDeps;
}

const tags = ['profile'];
const ONLY_LOGIN = 'Needs a login token: API keys cannot read or change the profile (403 `forbidden`).';
const UPLOAD_PROBLEMS = {
  413: '`payload_too_large`: the image is over 20 MiB, or over 50 megapixels.',
  415: '`unsupported_media_type`: the body is not a JPEG, PNG, WebP or AVIF image (whatever its Content-Type says).',
};

export const profileRoutes: FastifyPluginAsyncTypebox<ProfileRouteDeps> = async (app, deps) => {
  const read = getProfile(deps);
  const replace = replaceProfile(deps);
  const Profile = (description: string) => success(refTo(ProfileSchema), description, { ...AUTHENTICATED_HEADERS, ...ETAG });
  const changed = (userId: string) => deps.lookup.forget(userId);

  app.get('/profile', {
    schema: {
      tags,
      operationId: 'getProfile',
      summary: 'Read your profile and brand',
      description: `Made on its first read, named after your e-mail's local part. ${ONLY_LOGIN}`,
      response: { 200: Profile('Your profile.'), ...problems(AUTHENTICATED_PROBLEMS) },
    },
  }, async (request, reply) => {
    const result = await read(request.userId);
    if (result.isErr()) return sendDomainError(reply, result.error);
    return sendVersioned(reply, result.value);
  });

  app.put('/profile', {
    schema: {
      tags,
      operationId: 'replaceProfile',
      summary: 'Set your profile and brand',
      description:
        'Replaces every field (one left out is cleared; the logo stays). Shown from then on on your lead magnets’ pages (within a minute where a CDN keeps ' +
        'them), in documents rendered afterwards (their `ETag` changes), on generated covers, in e-mails and in listings updated afterwards. ' +
        `A field that breaks its rule is a 400 \`validation_failed\` naming it. ${ONLY_LOGIN}`,
      headers: IfMatchHeaders,
      body: ProfilePutBody,
      response: { 200: Profile('Your profile, changed.'), ...problems([...AUTHENTICATED_PROBLEMS, 409, 412, 413, 415]) },
    },
  }, async (request, reply) => {
    const result = await replace({ userId: request.userId, body: request.body, ifMatch: ifMatchOf(request) });
    if (result.isErr()) return sendDomainError(reply, result.error);
    changed(request.userId);
    return sendVersioned(reply, result.value);
  });

  const photos = deps.photos;
  if (photos === undefined) return;
  const logoDeps = { profiles: deps.profiles, users: deps.users, clock: deps.clock, images: photos.images, files: photos.files };
  const setLogo = setProfileLogo(logoDeps);
  const removeLogo = removeProfileLogo(logoDeps);
  await app.register(named(async (images: typeof app) => {
    images.addContentTypeParser(IMAGE_CONTENT_TYPE, imageBodyParser(MAX_PHOTO_BYTES));
    const body = { content: Object.fromEntries(Object.keys(IMAGE_BODY.content).map((type) => [type, { schema: { description: 'The image file (binary).' } }])) };

    images.put('/profile/logo', {
      schema: {
        tags,
        operationId: 'setProfileLogo',
        summary: 'Set or replace your logo',
        description: `${PHOTO_UPLOAD_RULES} A logo with transparency keeps it in its WebP renditions (the ones your pages show). ${ONLY_LOGIN}`,
        headers: IfMatchHeaders,
        body,
        response: { 200: Profile('Your profile with its new `logo`.'), ...problems([...AUTHENTICATED_PROBLEMS, 409, 412, 413, 415], UPLOAD_PROBLEMS) },
      },
    }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return sendProblem(reply, NOT_AN_IMAGE_BODY);
      const result = await setLogo({ id: request.userId, ifMatch: ifMatchOf(request), bytes: request.body });
      if (result.isErr()) return sendDomainError(reply, result.error);
      changed(request.userId);
      return sendVersioned(reply, result.value);
    });

    images.delete('/profile/logo', {
      schema: {
        tags,
        operationId: 'deleteProfileLogo',
        summary: 'Remove your logo',
        description: `Its renditions are deleted from storage. Removing a logo you do not have changes nothing (same version). ${ONLY_LOGIN}`,
        headers: IfMatchHeaders,
        response: { 200: Profile('Your profile without a logo.'), ...problems([...AUTHENTICATED_PROBLEMS, 409, 412]) },
      },
    }, async (request, reply) => {
      const result = await removeLogo({ id: request.userId, ifMatch: ifMatchOf(request) });
      if (result.isErr()) return sendDomainError(reply, result.error);
      changed(request.userId);
      return sendVersioned(reply, result.value);
    });
  }, 'profile logo'));
};
