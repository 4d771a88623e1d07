import { Type } from 'typebox';

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) },
  { additionalProperties: false, examples: [{ email: 'cook@example.com', password: 'correct horse battery' }] },
);

export const TokenSchema = Type.Object({
  token: Type.String({ description: 'A JWT (HS256), `sub` = user id, valid 7 days. Send it as `Authorization: Bearer <token>`.' }),
  expires_at: Type.String({ format: 'date-time', description: 'The token’s `exp`, ISO 8601.' }),
});

export const SessionSchema = Type.Object({
  user: Type.Object({ id: Type.String(), email: Type.String() }, { description: 'The signed-in user (the e-mail in lower case).' }),
  expires_at: Type.String({ format: 'date-time', description: 'When the session ends unless it is used (each use renews it to 7 days, at most once an hour), ISO 8601.' }),
});
