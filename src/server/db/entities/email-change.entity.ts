import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Member } from './member.entity';
import { User } from './user.entity';

/**
 * A change of a member's e-mail address waiting for the new address to be confirmed: the link sent to it carries a
 * single-use token stored only as its SHA-256. Confirming changes Member.email and, when the member has an account,
 * User.email together (how they sign in). A newer request, a cancel or a confirmation closes it. A member without a
 * password first proves it is them through a link to the current address (`identityConfirmedAt`); once made, the
 * change can be undone for 7 days through a link sent to the old address, whatever changes followed it.
 */
const EmailChangeSchema = defineEntity({
  name: 'EmailChange',
  tableName: 'email_changes',
  indexes: [{ properties: ['member', 'createdAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    member: () => p.manyToOne(Member).deleteRule('cascade'),
    /** The address before the change (null: the member had none); told once it changes. */
    oldEmail: p.string().length(254).nullable(),
    newEmail: p.string().length(254),
    /** SHA-256 of the link's token, hex; replaced when the link is sent again. */
    tokenHash: p.string().length(64).unique(),
    /** The committee member who asked, or the member themselves. */
    requestedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime(),
    /** When the link last went out (a resend replaces the token and the expiry). */
    sentAt: p.datetime(),
    expiresAt: p.datetime(),
    /**
     * When the person proved it is them (their password, or the link sent to the current address); null: that link
     * is out, and the link to the new address goes once it is opened. A committee request needs no such step.
     */
    identityConfirmedAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /** SHA-256 of the undo link sent to the old address once the change is made (7 days). */
    undoTokenHash: p.string().length(64).nullable().unique(),
    undoExpiresAt: p.datetime().nullable(),
    /** When the old address was restored through the undo link. */
    undoneAt: p.datetime().nullable(),
  },
});

export class EmailChange extends EmailChangeSchema.class {}
EmailChangeSchema.setClass(EmailChange);
