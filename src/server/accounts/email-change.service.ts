import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { AUTH_LIMITS } from '../../shared/auth.constants';
import { AppError } from '../../shared/errors';
import type {
  EmailChangeConfirmResult,
  EmailChangeInput,
  EmailChangeResult,
  EmailChangeUndoResult,
  PendingEmailChange,
} from '../../shared/member-records.schema';
import { ROUTES } from '../../shared/screens';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { AuthToken, EmailChange, Member, User } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { provenMemberWhere, provenUserWhere, releaseUnproven } from './address-claims';
import { confirmEmailChangeMessage, confirmItIsYouMessage, emailChangedNoticeMessage } from '../emails/email-change.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { hashToken, type AuthService } from './auth.service';
import { recordAudit } from '../platform/audit.service';
import type { CmsService } from '../content/cms.service';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';

export interface EmailChangeDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  rateRules: RateRules;
  cms: Pick<CmsService, 'contactEmail'>;
  auth: Pick<AuthService, 'confirmPassword'>;
  club: Pick<ClubSettingsService, 'profile'>;
  log: { error(obj: object, msg: string): void };
}

const LIFETIME_MS = AUTH_LIMITS.verificationLinkHours * 3600_000;
const UNDO_LIFETIME_MS = AUTH_LIMITS.emailChangeUndoDays * 86_400_000;
const newToken = () => randomBytes(32).toString('base64url');
export const ADDRESS_TAKEN_MESSAGE =
  'That e-mail address is already used by another member or account. Each person needs an address of their own.';

/** Serialises every request and confirmation for one address (in one transaction), so two cannot both claim it. */
const lockAddress = (em: EntityManager, email: string) =>
  em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`email-change ${email}`]);

const view = (change: EmailChange): PendingEmailChange => ({
  newEmail: change.newEmail,
  sentAt: change.sentAt.toISOString(),
  expiresAt: change.expiresAt.toISOString(),
  step: change.identityConfirmedAt ? 'new_address' : 'identity',
});

/** What a confirmation did, and the account to keep signed in on the browser that confirmed (its own). */
export type EmailChangeConfirmation = EmailChangeConfirmResult & { signedIn: User | null };

/**
 * Changing a member's e-mail address, which is also how they sign in when they have an account. A change of one's
 * own login asks who is asking first: the password, or (without one) a link to the current address. Nothing changes
 * until the new address is confirmed through a single-use link sent to it (its token stored as SHA-256, 24 hours,
 * spent only by the landing page's POST). An address that another member or account holds is refused when asked and
 * again when confirmed; one only typed by someone who never proved it is released (see address-claims.ts). Once
 * changed, every session of the account ends (the confirming browser's own carries on) and the old address is told,
 * with a link that undoes the change for 7 days. Used by the committee for any member, and by a member for their own.
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

  /**
   * Refuses an address that another member or another account holds (`member` itself and its own account excepted).
   * Only proven holders count (see address-claims.ts): an address typed by someone who never proved it reserves nothing.
   */
  async ensureFree(em: EntityManager, member: Member, email: string): Promise<void> {
    const [users, members] = await Promise.all([
      em.count(User, { email, ...provenUserWhere, ...(member.user ? { id: { $ne: member.user.id } } : {}) }),
      em.count(Member, { email, ...provenMemberWhere, id: { $ne: member.id } }),
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

  /**
   * Asks for a change; any earlier request for the member is withdrawn. The caller's own login: their password first,
   * or without one a link to the current address (proof it is them) before the link to the new one.
   */
  async request(em: EntityManager, actor: Actor, input: EmailChangeInput): Promise<EmailChangeResult> {
    const { change, member, raw } = await em.transactional(async (tem) => {
      const member = await this.memberFor(tem, actor, input.memberId, true);
      if (member.isGuest) throw new AppError('BAD_REQUEST', 'A guest entrant is not a member; their address is not changed here.');
      if (member.email === input.email) {
        throw new AppError('BAD_REQUEST', `${input.email} is already ${member.firstName}'s address.`, { field: 'email' });
      }
      const ownLogin = member.user && member.user.id === actor.user!.id ? member.user : null;
      if (ownLogin) await this.deps.auth.confirmPassword(tem, ownLogin, input.currentPassword);
      await lockAddress(tem, input.email);
      await this.ensureFree(tem, member, input.email);
      const now = this.now();
      await tem.nativeUpdate(EmailChange, { member, confirmedAt: null, cancelledAt: null }, { cancelledAt: now });
      const raw = newToken();
      const change = tem.create(EmailChange, {
        member,
        oldEmail: member.email ?? null,
        newEmail: input.email,
        tokenHash: hashToken(raw),
        requestedBy: actor.user,
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + LIFETIME_MS),
        // Proven by the password, or the committee's own request; otherwise the current address's link proves it.
        identityConfirmedAt: ownLogin && !ownLogin.passwordHash ? null : now,
      });
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.emailChange.request',
        entityType: 'Member',
        entityId: member.id,
        before: { email: member.email ?? null },
        after: {
          email: member.email ?? null,
          waitingForConfirmation: input.email,
          provedBy: !ownLogin ? 'committee' : ownLogin.passwordHash ? 'password' : 'link to the current address',
        },
      });
      return { change, member, raw };
    });
    await this.sendLink(em, change, member, raw);
    return { message: this.sentMessage(change, member), pending: view(change) };
  }

  private sentMessage(change: EmailChange, member: Member): string {
    return change.identityConfirmedAt
      ? `We have sent a confirmation link to ${change.newEmail}. The address changes once it is confirmed from there.`
      : `To make sure it is you, we have sent a link to ${this.linkAddress(change, member)}. Open it, and we then send the confirmation link to ${change.newEmail}.`;
  }

  /** Where the change's link goes now: the current login address while it proves who asked, then the new address. */
  private linkAddress(change: EmailChange, member: Member): string {
    return change.identityConfirmedAt ? change.newEmail : (member.user?.email ?? change.oldEmail ?? change.newEmail);
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
      const raw = newToken();
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
    await this.sendLink(em, change, member, raw);
    return { message: `We have sent the link to ${this.linkAddress(change, member)} again.`, pending: view(change) };
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
   * Spends a link's token (once). The current address's link proves who asked and sends the link to the new one; the
   * new address's link makes the change: the member's address and, with an account, the address they sign in with.
   * Links already sent to the old address stop working, every session of the account ends (the confirming browser,
   * when it is that account's, is kept signed in: `signedIn`), and the old address is told with an undo link.
   */
  async confirm(em: EntityManager, actor: Actor, token: string): Promise<EmailChangeConfirmation> {
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
        if (!change.identityConfirmedAt) return { proved: await this.proveIdentity(tem, change) };
        return { changed: await this.applyChange(tem, actor, change) };
      })
      .catch((error: unknown) => {
        // Another account took the address between the check and the write: the unique index refused it.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', ADDRESS_TAKEN_MESSAGE, { field: 'email' });
        throw error;
      });
    if (done.proved) {
      const { change, raw } = done.proved;
      await this.sendLink(em, change, change.member, raw);
      return {
        message: `Thank you. We have sent a confirmation link to ${change.newEmail}; your address changes once you open it there.`,
        email: change.newEmail,
        changed: false,
        signedIn: null,
      };
    }
    const { change, undoRaw } = done.changed!;
    await this.notifyOldAddress(em, change, change.member.firstName, undoRaw);
    const user = change.member.user ?? null;
    return {
      message: `Your e-mail address is now ${change.newEmail}. Use it to sign in from now on; every other device has been signed out.`,
      email: change.newEmail,
      changed: true,
      signedIn: user && actor.user?.id === user.id ? user : null,
    };
  }

  /** The current address's link was opened: it is them. The link to the new address goes next (a new token). */
  private async proveIdentity(em: EntityManager, change: EmailChange): Promise<{ change: EmailChange; raw: string }> {
    const now = this.now();
    const raw = newToken();
    change.identityConfirmedAt = now;
    change.tokenHash = hashToken(raw);
    change.sentAt = now;
    change.expiresAt = new Date(now.getTime() + LIFETIME_MS);
    recordAudit(em, {
      actor: null,
      actorLabel: 'e-mail confirmation link',
      action: 'member.emailChange.identity',
      entityType: 'Member',
      entityId: change.member.id,
      before: { waitingForConfirmation: change.newEmail, provedBy: null },
      after: { waitingForConfirmation: change.newEmail, provedBy: 'link to the current address' },
    });
    await em.flush();
    return { change, raw };
  }

  /** Makes the confirmed change, ends the account's sessions and makes the old address's undo link. */
  private async applyChange(em: EntityManager, actor: Actor, change: EmailChange): Promise<{ change: EmailChange; undoRaw: string }> {
    const now = this.now();
    const member = change.member;
    await lockAddress(em, change.newEmail);
    await this.ensureFree(em, member, change.newEmail);
    await releaseUnproven(em, change.newEmail, member, { actor: actor.user, actorLabel: 'e-mail confirmation link' });
    const before = { email: member.email ?? null, accountEmail: member.user?.email ?? null };
    member.email = change.newEmail;
    if (member.user) {
      member.user.email = change.newEmail;
      member.user.emailVerifiedAt = now;
      await this.endSessions(em, member.user);
    }
    const undoRaw = newToken();
    change.confirmedAt = now;
    change.undoTokenHash = hashToken(undoRaw);
    change.undoExpiresAt = new Date(now.getTime() + UNDO_LIFETIME_MS);
    recordAudit(em, {
      actor: actor.user,
      actorLabel: 'e-mail confirmation link',
      action: 'member.emailChange.confirm',
      entityType: 'Member',
      entityId: member.id,
      before,
      after: { email: change.newEmail, accountEmail: member.user ? change.newEmail : null, sessionsEnded: Boolean(member.user) },
    });
    await em.flush();
    return { change, undoRaw };
  }

  /** Every session of the account ends, and sign-in links already mailed stop working. */
  private async endSessions(em: EntityManager, user: User): Promise<void> {
    user.sessionVersion += 1;
    await em.nativeUpdate(AuthToken, { user, usedAt: null }, { usedAt: this.now() });
  }

  /**
   * The old address's undo link (7 days): the member's address and login go back to it whatever happened to them
   * since (a later change of the login does not defeat it: whoever took the account over may have moved it on again),
   * every session ends again, the password is removed (whoever made the change may know it; the owner signs in with
   * a link and sets a new one) and any change still waiting is called off. Pressed again, it answers the same without
   * doing anything twice.
   */
  async undo(em: EntityManager, actor: Actor, token: string): Promise<EmailChangeUndoResult> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.verifyPerIp, actor.ip);
    const contact = await this.deps.cms.contactEmail(em);
    return em
      .transactional(async (tem) => {
        const change = await tem.findOne(
          EmailChange,
          { undoTokenHash: hashToken(token) },
          { populate: ['member', 'member.user'], lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!change?.oldEmail) throw new AppError('BAD_REQUEST', 'This undo link is invalid.');
        const restored = {
          message: `Your e-mail address is ${change.oldEmail} again, and every device signed in to your account has been signed out. Sign in with a link to ${change.oldEmail}, then set a new password in Settings.`,
          email: change.oldEmail,
        };
        if (change.undoneAt) return restored;
        const now = this.now();
        if (!change.undoExpiresAt || change.undoExpiresAt <= now)
          throw new AppError('BAD_REQUEST', `This undo link has expired. Please ask the committee for help at ${contact}.`);
        if (await this.superseded(tem, change))
          throw new AppError(
            'BAD_REQUEST',
            `This undo link no longer works: an earlier address of this account was restored since. Please ask the committee for help at ${contact}.`,
          );
        await this.restore(tem, actor, change, change.oldEmail);
        return restored;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', ADDRESS_TAKEN_MESSAGE, { field: 'email' });
        throw error;
      });
  }

  /**
   * Whether an earlier change of the account was undone after this one was made: its owner took the account back to
   * an address from before this change, so this change's undo link (to an address reached later) must not undo that.
   */
  private async superseded(em: EntityManager, change: EmailChange): Promise<boolean> {
    const confirmedAt = change.confirmedAt!;
    const earlierUndone = await em.count(EmailChange, {
      member: change.member,
      id: { $ne: change.id },
      confirmedAt: { $lt: confirmedAt },
      undoneAt: { $gt: confirmedAt },
    });
    return earlierUndone > 0;
  }

  private async restore(em: EntityManager, actor: Actor, change: EmailChange, oldEmail: string): Promise<void> {
    const now = this.now();
    const member = change.member;
    await lockAddress(em, oldEmail);
    await this.ensureFree(em, member, oldEmail);
    await releaseUnproven(em, oldEmail, member, { actor: actor.user, actorLabel: 'e-mail change undo link' });
    const before = { email: member.email ?? null, accountEmail: member.user?.email ?? null };
    member.email = oldEmail;
    if (member.user) {
      member.user.email = oldEmail;
      member.user.emailVerifiedAt = now;
      member.user.passwordHash = null;
      await this.endSessions(em, member.user);
    }
    change.undoneAt = now;
    await em.nativeUpdate(EmailChange, { member, confirmedAt: null, cancelledAt: null }, { cancelledAt: now });
    recordAudit(em, {
      actor: actor.user,
      actorLabel: 'e-mail change undo link',
      action: 'member.emailChange.undo',
      entityType: 'Member',
      entityId: member.id,
      before,
      after: {
        email: oldEmail,
        accountEmail: member.user ? oldEmail : null,
        sessionsEnded: Boolean(member.user),
        passwordRemoved: Boolean(member.user),
      },
    });
    await em.flush();
  }

  private async sendLink(em: EntityManager, change: EmailChange, member: Member, raw: string): Promise<void> {
    const to = this.linkAddress(change, member);
    const url = `${this.deps.publicUrl}${ROUTES.emailChange}?token=${raw}${change.identityConfirmedAt ? '' : '&step=identity'}`;
    const details = { firstName: member.firstName, newEmail: change.newEmail, url };
    const club = await this.deps.club.profile(em);
    const mail = change.identityConfirmedAt ? await confirmEmailChangeMessage(club, details) : await confirmItIsYouMessage(club, details);
    if (await deliverQuietly(this.deps.mailer, this.deps.log, { to, ...mail })) return;
    // Nothing went out: the request is withdrawn, so the committee sees no change waiting for a link nobody got.
    await em.nativeUpdate(EmailChange, { id: change.id }, { cancelledAt: this.now() });
    throw new AppError('SERVICE_UNAVAILABLE', `We could not send the e-mail to ${to}. Please try again in a few minutes.`);
  }

  private async notifyOldAddress(em: EntityManager, change: EmailChange, firstName: string, undoRaw: string): Promise<void> {
    if (!change.oldEmail) return;
    try {
      const mail = await emailChangedNoticeMessage(await this.deps.club.profile(em), {
        firstName,
        newEmail: change.newEmail,
        contactEmail: await this.deps.cms.contactEmail(em),
        undoUrl: `${this.deps.publicUrl}${ROUTES.emailChange}?undo=${undoRaw}`,
      });
      await deliverQuietly(this.deps.mailer, this.deps.log, { to: change.oldEmail, ...mail });
    } catch (error) {
      this.deps.log.error({ err: { message: (error as Error).message } }, 'E-mail change notice not sent');
    }
  }
}
