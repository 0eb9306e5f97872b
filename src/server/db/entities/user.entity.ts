import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { ROLES } from '../../../shared/auth.constants';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    email: p.string().length(254).unique(),
    firstName: p.string().length(80),
    lastName: p.string().length(80),
    role: p.enum(ROLES).default('member'),
    passwordHash: p.text().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    /** Bumped on logout, password change and role change: every older session cookie stops working. */
    sessionVersion: p.integer().default(1),
    lastSignInAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
