import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { AUTH_LIMITS } from '../../shared/auth.constants';
import { AppError } from '../../shared/errors';
import type { EmailChangeResult, PendingEmailChange } from '../../shared/member-records.schema';
import { ROUTES } from '../../shared/routes';
import type { Clock } from '../clock';
import { AuthToken, EmailChange, Member, User } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { confirmEmailChangeMessage, emailChangedNoticeMessage } from '../emails/email-change.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import type { Actor } from './actor';
import { hashToken } from './auth.service';
import { recordAudit } from './audit.service';
import type { CmsService } from './cms.service';
import { consumeRateLimit, type RateRules } from './rate-limit.service';

export interface EmailChangeDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  rateRules: RateRules;
  cms: Pick<CmsService, 'contactEmail'>;
  log: { error(obj: object, msg: string): void };
}

const LIFETIME_MS = AUTH_LIMITS.verificationLinkHours * 3600_000;
export const ADDRESS_TAKEN_MESSAGE =
  'That e-mail address is already used by another member or account. Each person needs an address of their own.';

/** Serialises every request and confirmation for one address (in one transaction), so two cannot both claim it. */
const lockAddress = (em: EntityManager, email: string) =>
  em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`email-change ${email}`]);

const view = (change: EmailChange): PendingEmailChange => ({
  newEmail: change.newEmail,
  sentAt: change.sentAt.toISOString(),
  expiresAt: change.expiresAt.toISOString(),
});

/**
 * Changing a member's e-mail address, which is also how they sign in when they have an account: nothing changes
 * until the new address is confirmed through a single-use link sent to it (its token stored as SHA-256, 24 hours,
 * spent only by the landing page's POST). An address that another member or account uses is refused when asked
 * and again when confirmed. Once changed, the old address is told. Used by the committee for any member, and by a
 * member for their own record.
 */
export class EmailChangeService {
  constructor(private readonly deps: EmailChangeDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** The committee may change anyone's address; a member only their own. */
  private async memberFor(em: EntityManager, actor: Actor, memberId: string, lock = false): Promise<Member> {
    if (!actor.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
    const member = await em.findOne(
      Member,
      { id: memberId },
      { populate: ['user'], ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) },
    );
    const mine = member?.user?.id === actor.user.id;
    if (actor.user.role !== 'admin' && !mine) throw new AppError('FORBIDDEN', 'You can change only your own e-mail address.');
    if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
    return member;
  }

  /** Refuses an address that another member or another account uses (`member` itself and its own account excepted). */
  async ensureFree(em: EntityManager, member: Member, email: string): Promise<void> {
    const [users, members] = await Promise.all([
      em.count(User, { email, ...(member.user ? { id: { $ne: member.user.id } } : {}) }),
      em.count(Member, { email, id: { $ne: member.id } }),
    ]);
    if (users || members) throw new AppError('CONFLICT', ADDRESS_TAKEN_MESSAGE, { field: 'email' });
  }

  /** The change waiting for confirmation, if any (an expired one is no longer waiting). */
  async pending(em: EntityManager, memberId: string): Promise<PendingEmailChange | null> {
    const change = await this.open(em, memberId);
    return change ? view(change) : null;
  }

  private open(em: EntityManager, memberId: string): Promise<EmailChange | null> {
    return em.findOne(
      EmailChange,
      { member: memberId, confirmedAt: null, cancelledAt: null, expiresAt: { $gt: this.now() } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  /** Asks for a change: a link to the new address; any earlier request for the member is withdrawn. */
  async request(em: EntityManager, actor: Actor, input: { memberId: string; email: string }): Promise<EmailChangeResult> {
    const { change, member, raw } = await em.transactional(async (tem) => {
      const member = await this.memberFor(tem, actor, input.memberId, true);
      if (member.isGuest) throw new AppError('BAD_REQUEST', 'A guest entrant is not a member; their address is not changed here.');
      if (member.email === input.email) {
        throw new AppError('BAD_REQUEST', `${input.email} is already ${member.firstName}'s address.`, { field: 'email' });
      }
      await lockAddress(tem, input.email);
      await this.ensureFree(tem, member, input.email);
      const now = this.now();
      await tem.nativeUpdate(EmailChange, { member, confirmedAt: null, cancelledAt: null }, { cancelledAt: now });
      const raw = randomBytes(32).toString('base64url');
      const change = tem.create(EmailChange, {
        member,
        oldEmail: member.email ?? null,
        newEmail: input.email,
        tokenHash: hashToken(raw),
        requestedBy: actor.user,
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + LIFETIME_MS),
      });
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.emailChange.request',
        entityType: 'Member',
        entityId: member.id,
        before: { email: member.email ?? null },
        after: { email: member.email ?? null, waitingForConfirmation: input.email },
      });
      return { change, member, raw };
    });
    await this.sendLink(em, change, member.firstName, raw);
    return {
      message: `We have sent a confirmation link to ${change.newEmail}. The address changes once it is confirmed from there.`,
      pending: view(change),
    };
  }

  /** Sends the link again (a new token; the old link stops working), at most once a minute. */
  async resend(em: EntityManager, actor: Actor, memberId: string): Promise<EmailChangeResult> {
    const { change, member, raw } = await em.transactional(async (tem) => {
      const member = await this.memberFor(tem, actor, memberId, true);
      const change = await this.open(tem, member.id);
      if (!change) throw new AppError('BAD_REQUEST', `No e-mail change is waiting for confirmation for ${member.firstName}.`);
      const waitMs = change.sentAt.getTime() + AUTH_LIMITS.resendLockoutSeconds * 1000 - this.now().getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError('TOO_MANY_REQUESTS', `The link went out moments ago. Please wait ${seconds} seconds before sending it again.`, {
          retryAfterSeconds: seconds,
        });
      }
      const raw = randomBytes(32).toString('base64url');
      const now = this.now();
      change.tokenHash = hashToken(raw);
      change.sentAt = now;
      change.expiresAt = new Date(now.getTime() + LIFETIME_MS);
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.emailChange.resend',
        entityType: 'Member',
        entityId: member.id,
        before: { waitingForConfirmation: change.newEmail },
        after: { waitingForConfirmation: change.newEmail, sentAt: now.toISOString() },
      });
      return { change, member, raw };
    });
    await this.sendLink(em, change, member.firstName, raw);
    return { message: `We have sent the confirmation link to ${change.newEmail} again.`, pending: view(change) };
  }

  /** Withdraws the change waiting for confirmation; its link stops working. Nothing waiting: nothing to do. */
  async cancel(em: EntityManager, actor: Actor, memberId: string): Promise<EmailChangeResult> {
    return em.transactional(async (tem) => {
      const member = await this.memberFor(tem, actor, memberId, true);
      const change = await this.open(tem, member.id);
      if (!change) return { message: 'No e-mail change was waiting for confirmation.', pending: null };
      change.cancelledAt = this.now();
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.emailChange.cancel',
        entityType: 'Member',
        entityId: member.id,
        before: { email: member.email ?? null, waitingForConfirmation: change.newEmail },
        after: { email: member.email ?? null, waitingForConfirmation: null },
      });
      return { message: `The change to ${change.newEmail} was cancelled. The address stays ${member.email ?? 'empty'}.`, pending: null };
    });
  }

  /**
   * Spends the link's token (once) and makes the change: the member's address and, with an account, the address
   * they sign in with. Links already sent to the old address stop working. The old address is told afterwards.
   */
  async confirm(em: EntityManager, actor: Actor, token: string): Promise<{ message: string; email: string }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.verifyPerIp, actor.ip);
    const done = await em
      .transactional(async (tem) => {
        const change = await tem.findOne(
          EmailChange,
          { tokenHash: hashToken(token) },
          { populate: ['member', 'member.user'], lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        const now = this.now();
        if (!change) throw new AppError('BAD_REQUEST', 'This link is invalid. Please ask for a new one.');
        if (change.confirmedAt) throw new AppError('BAD_REQUEST', 'This link has already been used.');
        if (change.cancelledAt)
          throw new AppError('BAD_REQUEST', 'This link was withdrawn: a newer one was sent, or the change was cancelled.');
        if (change.expiresAt <= now) throw new AppError('BAD_REQUEST', 'This link has expired. Please ask for a new one.');
        const member = change.member;
        await lockAddress(tem, change.newEmail);
        await this.ensureFree(tem, member, change.newEmail);
        const before = { email: member.email ?? null, accountEmail: member.user?.email ?? null };
        member.email = change.newEmail;
        if (member.user) {
          member.user.email = change.newEmail;
          member.user.emailVerifiedAt = now;
          // Sign-in links mailed to the old address must not sign anyone in any more.
          await tem.nativeUpdate(AuthToken, { user: member.user, usedAt: null }, { usedAt: now });
        }
        change.confirmedAt = now;
        recordAudit(tem, {
          actor: actor.user,
          actorLabel: 'e-mail confirmation link',
          action: 'member.emailChange.confirm',
          entityType: 'Member',
          entityId: member.id,
          before,
          after: { email: change.newEmail, accountEmail: member.user ? change.newEmail : null },
        });
        await tem.flush();
        return { change, firstName: member.firstName };
      })
      .catch((error: unknown) => {
        // Another account took the address between the check and the write: the unique index refused it.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', ADDRESS_TAKEN_MESSAGE, { field: 'email' });
        throw error;
      });
    await this.notifyOldAddress(em, done.change, done.firstName);
    return {
      message: `Your e-mail address is now ${done.change.newEmail}. Use it to sign in from now on.`,
      email: done.change.newEmail,
    };
  }

  private async sendLink(em: EntityManager, change: EmailChange, firstName: string, raw: string): Promise<void> {
    const url = `${this.deps.publicUrl}${ROUTES.emailChange}?token=${raw}`;
    const mail = await confirmEmailChangeMessage({ firstName, newEmail: change.newEmail, url });
    if (await deliverQuietly(this.deps.mailer, this.deps.log, { to: change.newEmail, ...mail })) return;
    // Nothing went out: the request is withdrawn, so the committee sees no change waiting for a link nobody got.
    await em.nativeUpdate(EmailChange, { id: change.id }, { cancelledAt: this.now() });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `We could not send the confirmation e-mail to ${change.newEmail}. Please try again in a few minutes.`,
    );
  }

  private async notifyOldAddress(em: EntityManager, change: EmailChange, firstName: string): Promise<void> {
    if (!change.oldEmail) return;
    try {
      const mail = await emailChangedNoticeMessage({
        firstName,
        newEmail: change.newEmail,
        contactEmail: await this.deps.cms.contactEmail(em),
        signInUrl: `${this.deps.publicUrl}${ROUTES.signIn}`,
      });
      await deliverQuietly(this.deps.mailer, this.deps.log, { to: change.oldEmail, ...mail });
    } catch (error) {
      this.deps.log.error({ err: { message: (error as Error).message } }, 'E-mail change notice not sent');
    }
  }
}
