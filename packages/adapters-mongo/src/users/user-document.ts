/** How a user is stored: the domain's fields, `_id` = the domain id; `email` is already lower-case (unique index). */
import type { User } from '@larder/domain';

export const USERS_COLLECTION = 'users';

export interface UserDocument extends Omit<User, 'id'> {
  _id: string;
}

export function toUserDocument(user: User): UserDocument {
  const { id, ...fields } = user;
  return { _id: id, ...fields };
}

export function toUser(document: UserDocument): User {
  return {
    id: document._id,
    email: document.email,
    password_hash: document.password_hash,
    created_at: document.created_at,
    updated_at: document.updated_at,
  };
}
