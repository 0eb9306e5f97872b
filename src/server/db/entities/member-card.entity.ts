import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Member } from './member.entity';

/**
 * A member's membership card. The code in its QR (`/verify/<code>`) is never stored: it is derived from the site's
 * secret, the card's id and `serial` (platform/private-codes.ts), and only its SHA-256 is kept to look it up, so a
 * copy of the database cannot make a card. Reissuing raises `serial`: the old code stops verifying.
 */
const MemberCardSchema = defineEntity({
  name: 'MemberCard',
  tableName: 'member_cards',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    member: () => p.manyToOne(Member).unique().deleteRule('cascade'),
    /** How many times this card has been issued; part of the derived code. */
    serial: p.integer().default(1),
    /** SHA-256 (hex) of the current code. */
    codeHash: p.string().length(64).unique(),
    issuedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class MemberCard extends MemberCardSchema.class {}
MemberCardSchema.setClass(MemberCard);
