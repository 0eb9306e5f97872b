import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { TOKEN_PURPOSES } from '../../../shared/auth.constants';
import { User } from './user.entity';

const AuthTokenSchema = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_tokens',
  indexes: [{ properties: ['user', 'purpose', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    /** SHA-256 of the token, hex; the token itself exists only in the e-mail. */
    tokenHash: p.string().length(64).unique(),
    purpose: p.enum(TOKEN_PURPOSES),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export class AuthToken extends AuthTokenSchema.class {}
AuthTokenSchema.setClass(AuthToken);
