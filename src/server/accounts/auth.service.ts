import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_LIMITS, type TokenPurpose } from '../../shared/auth.constants';
import type {
  AuthResponse,
  CurrentUser,
  LoginInput,
  SendVerificationInput,
  SetPasswordInput,
  SignupInput,
  VerifyTokenInput,
} from '../../shared/auth.schema';
import type { ClubProfile } from '../../shared/club-profile';
import { AppError } from '../../shared/errors';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { AuthToken, Member, User } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { alreadyRegisteredMessage, passwordChangedMessage, signInLinkMessage, verifyEmailMessage } from '../emails/auth.emails';
import type { RenderedEmail } from '../emails/layout';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import { isProvenUser } from './address-claims';
import { linkMemberToUser } from './member-link';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';

export interface AuthDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  adminEmails: readonly string[];
  rateRules: RateRules;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The auth service's own needs: the shared ones, and the club's profile its e-mails speak in. */
export interface AuthServiceDeps extends AuthDeps {
  club: Pick<ClubSettingsService, 'profile'>;
}

/** What the session cookie carries. */
export interface SessionClaims {
  userId: string;
  version: number;
}

// @node-rs/argon2 hashes with argon2id by default; OWASP's minimum parameters.
const ARGON_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** A password as it is stored (argon2id). */
export const hashPassword = (password: string) => argonHash(password, ARGON_OPTIONS);
const LINK_PATHS: Record<TokenPurpose, string> = { verify_email: '/email-verified', sign_in: '/sign-in' };
const LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: AUTH_LIMITS.verificationLinkHours * 3600_000,
  sign_in: AUTH_LIMITS.signInLinkMinutes * 60_000,
};

/** The answer when an address has had its share of sign-in links: the same for every address. */
export const signInLinkRefusal = (minutes: number) =>
  `Too many links were sent to this address; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** The user as the client sees it. */
export function toCurrentUser(user: User): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    hasPassword: Boolean(user.passwordHash),
  };
}

export class AuthService {
  private dummyHash?: Promise<string>;

  constructor(private readonly deps: AuthServiceDeps) {}

  async signup(em: EntityManager, actor: Actor, input: SignupInput): Promise<AuthResponse> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.signupPerIp, actor.ip);
    const message = `Thanks! We have sent a link to ${input.email}. Open it within ${AUTH_LIMITS.verificationLinkHours} hours to verify your address and finish signing up.`;

    let user = await em.findOne(User, { email: input.email });
    if (!user) {
      user = em.create(User, { email: input.email, firstName: input.firstName, lastName: input.lastName });
      try {
        await em.flush();
      } catch (error) {
        // Two sign-ups for one address at once: the unique index lets one through; the other answers alike.
        if (!isUniqueViolation(error)) throw error;
        em.clear();
        user = await em.findOneOrFail(User, { email: input.email });
      }
    }
    // An account nobody proved reserves nothing, its typed name included: whoever signs up next types their own, so
    // an owner signing up after a stranger used her address is not greeted or signed in under the stranger's name.
    if (!isProvenUser(user) && (user.firstName !== input.firstName || user.lastName !== input.lastName)) {
      user.firstName = input.firstName;
      user.lastName = input.lastName;
      await em.flush();
    }
    // An existing address gets the same answer; its owner gets an e-mail that says what happened.
    if (user.emailVerifiedAt) {
      await this.sendLink(em, user, 'sign_in', alreadyRegisteredMessage, { quietWhenLocked: true });
    } else {
      await this.sendLink(em, user, 'verify_email', verifyEmailMessage, { quietWhenLocked: true });
    }
    return { message, userId: user.id, requiresVerification: true };
  }

  async login(em: EntityManager, actor: Actor, input: LoginInput): Promise<{ response: AuthResponse; user?: User }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.loginPerIp, actor.ip);
    const user = await em.findOne(User, { email: input.email });

    if (input.password === undefined) {
      await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.emailPerIp, actor.ip);
      // Counted for every address, known or not, before anything is looked up: over the limit, everyone hears the same.
      await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.signInLinkPerEmail, input.email, signInLinkRefusal);
      // Someone who joined and paid without an account yet owns a membership under this address: the link
      // proves the address and makes the account. Mail goes out after the answer, so a known address is not
      // slower to answer than an unknown one.
      const owner = user ?? (await this.accountForMemberAddress(em, input.email));
      if (owner)
        this.inBackground(em, owner.id, (fork, person) =>
          // The per-address limit above is the only one: a link it lets through is sent, never silently held back.
          this.sendLink(fork, person, 'sign_in', signInLinkMessage, { quietWhenLocked: true, lockout: false, next: input.next }),
        );
      return {
        response: {
          message: `If an account exists for ${input.email}, we have e-mailed it a sign-in link. The link is valid for ${AUTH_LIMITS.signInLinkMinutes} minutes.`,
          userId: null,
          requiresVerification: false,
          linkSent: true,
        },
      };
    }

    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.loginPerEmail, input.email);
    const valid = user?.passwordHash
      ? await argonVerify(user.passwordHash, input.password)
      : (await argonVerify(await this.getDummyHash(), input.password), false);
    if (!user || !valid) throw new AppError('UNAUTHORIZED', 'Invalid email or password.');

    if (!user.emailVerifiedAt) {
      await this.sendLink(em, user, 'verify_email', verifyEmailMessage, { quietWhenLocked: true });
      return {
        response: {
          message: `Please verify your email address first. We have sent a verification link to ${user.email}.`,
          userId: user.id,
          requiresVerification: true,
        },
      };
    }
    await this.markSignedIn(em, user);
    return { response: { message: 'Signed in successfully.', userId: user.id, requiresVerification: false }, user };
  }

  /**
   * A single-use link that signs in the owner of an address, for e-mails that follow a payment (a receipt, the
   * committee's invitation). The account of that address is made if there is none: only whoever reads that
   * mailbox can use the link, and using it verifies the address.
   */
  async welcomeLink(
    em: EntityManager,
    person: { email: string; firstName: string; lastName: string },
  ): Promise<{ url: string; days: number }> {
    const email = person.email.toLowerCase();
    let user = await em.findOne(User, { email });
    if (!user) {
      user = em.create(User, { email, firstName: person.firstName, lastName: person.lastName });
      try {
        await em.flush();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        em.clear();
        user = await em.findOneOrFail(User, { email });
      }
    }
    const now = this.deps.clock.now();
    const raw = randomBytes(32).toString('base64url');
    em.create(AuthToken, {
      tokenHash: hashToken(raw),
      purpose: 'sign_in',
      user,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_LIMITS.welcomeLinkDays * 86_400_000),
    });
    await em.flush();
    return { url: `${this.deps.publicUrl}${LINK_PATHS.sign_in}?token=${raw}`, days: AUTH_LIMITS.welcomeLinkDays };
  }

  /** The account for an address that has a membership but no account yet (a visitor who joined and paid). */
  private async accountForMemberAddress(em: EntityManager, email: string): Promise<User | null> {
    const member = await em.findOne(Member, { email, isPrimary: true, user: null }, { orderBy: { createdAt: 'desc' } });
    if (!member) return null;
    const user = em.create(User, { email, firstName: member.firstName, lastName: member.lastName });
    try {
      await em.flush();
      return user;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      em.clear();
      return em.findOne(User, { email });
    }
  }

  /** Work (an e-mail) done after the answer has gone, on a unit of work of its own. */
  private inBackground(em: EntityManager, userId: string, work: (fork: EntityManager, user: User) => Promise<void>): void {
    const fork = em.fork();
    void fork
      .findOneOrFail(User, { id: userId })
      .then((user) => work(fork, user))
      .catch((error: unknown) => this.deps.log.error({ err: { message: (error as Error).message } }, 'Sign-in link not sent'));
  }

  /** Sends the verification link again; refused for 60 s after each send. */
  async sendVerification(em: EntityManager, actor: Actor, input: SendVerificationInput): Promise<{ message: string; sentAt: string }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.emailPerIp, actor.ip);
    const user = await em.findOne(User, { id: input.userId, email: input.email });
    // A mismatched pair gets the same answer and no e-mail, so the call cannot probe for accounts.
    if (user) {
      if (user.emailVerifiedAt) await this.sendLink(em, user, 'sign_in', alreadyRegisteredMessage, { quietWhenLocked: false });
      else await this.sendLink(em, user, 'verify_email', verifyEmailMessage, { quietWhenLocked: false });
    }
    return { message: 'Verification email sent', sentAt: this.deps.clock.now().toISOString() };
  }

  /** Claims a link token (single use, atomically) and returns the user it signs in. */
  async verifyToken(em: EntityManager, actor: Actor, input: VerifyTokenInput): Promise<User> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.verifyPerIp, actor.ip);
    const now = this.deps.clock.now();
    const tokenHash = hashToken(input.token);
    const claimed = await em.execute<{ user_id: string }[]>(
      `update auth_tokens set used_at = ? where token_hash = ? and purpose = ? and used_at is null and expires_at > ? returning user_id`,
      [now, tokenHash, input.purpose, now],
    );
    let userId = claimed[0]?.user_id;
    if (!userId) {
      const token = await em.findOne(AuthToken, { tokenHash, purpose: input.purpose });
      // Reloading the page after a successful claim should not look like a failure.
      if (token?.usedAt && actor.user && token.user.id === actor.user.id) userId = actor.user.id;
      else if (!token) throw new AppError('BAD_REQUEST', 'This link is invalid. Please request a new one.');
      else if (token.usedAt) throw new AppError('BAD_REQUEST', 'This link has already been used. Please request a new one.');
      else throw new AppError('BAD_REQUEST', 'This link has expired. Please request a new one.');
    }
    const user = await em.findOneOrFail(User, { id: userId });
    if (!user.emailVerifiedAt) user.emailVerifiedAt = now;
    await this.markSignedIn(em, user);
    return user;
  }

  /**
   * Asks a signed-in person with a password for it again before a change to how they sign in: refused (field
   * currentPassword) when missing or wrong, and counted against the address's login limit so it cannot be guessed.
   */
  async confirmPassword(em: EntityManager, user: User, password: string | undefined): Promise<void> {
    if (!user.passwordHash) return;
    if (!password) throw new AppError('BAD_REQUEST', 'Please enter your current password.', { field: 'currentPassword' });
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.loginPerEmail, user.email);
    if (!(await argonVerify(user.passwordHash, password))) {
      throw new AppError('BAD_REQUEST', 'Your current password is incorrect.', { field: 'currentPassword' });
    }
  }

  async setPassword(em: EntityManager, actor: Actor, input: SetPasswordInput): Promise<User> {
    const user = requireUser(actor);
    await this.confirmPassword(em, user, input.currentPassword);
    user.passwordHash = await hashPassword(input.newPassword);
    user.sessionVersion += 1;
    await em.flush();
    await this.deliver(user.email, await passwordChangedMessage(await this.deps.club.profile(em), user, this.deps.publicUrl));
    return user;
  }

  /** Ends every session of the user: cookies carry the old version from now on. */
  async logout(em: EntityManager, actor: Actor): Promise<void> {
    if (!actor.user) return;
    actor.user.sessionVersion += 1;
    await em.flush();
  }

  /** The user a session cookie belongs to, or null when it was ended or the user is gone. */
  async resolveSession(em: EntityManager, claims: SessionClaims): Promise<User | null> {
    const user = await em.findOne(User, { id: claims.userId });
    return user && user.sessionVersion === claims.version ? user : null;
  }

  sessionClaims(user: User): SessionClaims {
    return { userId: user.id, version: user.sessionVersion };
  }

  private async markSignedIn(em: EntityManager, user: User): Promise<void> {
    user.lastSignInAt = this.deps.clock.now();
    await linkMemberToUser(em, user);
    if (this.deps.adminEmails.includes(user.email) && user.role !== 'admin') {
      recordAudit(em, {
        actor: null,
        actorLabel: 'ADMIN_EMAILS',
        action: 'user.role',
        entityType: 'User',
        entityId: user.id,
        before: { role: user.role },
        after: { role: 'admin' },
      });
      user.role = 'admin';
    }
    await em.flush();
  }

  /**
   * Creates a link token and e-mails it, unless one of the same purpose went out within the lockout.
   * quietWhenLocked: answer as if sent (flows that must not reveal an account) instead of refusing.
   */
  private async sendLink(
    em: EntityManager,
    user: User,
    purpose: TokenPurpose,
    template: (club: ClubProfile, person: User, url: string) => Promise<RenderedEmail>,
    /**
     * next: the page of this site the link lands on after signing in (already checked by safeReturnPath).
     * lockout: false when the caller counted the request against a limit of its own.
     */
    options: { quietWhenLocked: boolean; lockout?: boolean; next?: string },
  ): Promise<void> {
    const now = this.deps.clock.now();
    // Only links this person asked for count towards the lockout: a receipt's week-long link (welcomeLink) does not.
    const last =
      options.lockout === false
        ? null
        : await em.findOne(
            AuthToken,
            { user, purpose, expiresAt: { $lte: new Date(now.getTime() + LIFETIME_MS[purpose]) } },
            { orderBy: { createdAt: 'desc' } },
          );
    const waitMs = last ? last.createdAt.getTime() + AUTH_LIMITS.resendLockoutSeconds * 1000 - now.getTime() : 0;
    if (waitMs > 0) {
      if (options.quietWhenLocked) return;
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('TOO_MANY_REQUESTS', `Please wait ${seconds} seconds before requesting another email.`, {
        retryAfterSeconds: seconds,
      });
    }
    const raw = randomBytes(32).toString('base64url');
    const token = em.create(AuthToken, {
      tokenHash: hashToken(raw),
      purpose,
      user,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]),
    });
    await em.flush();
    const url = `${this.deps.publicUrl}${LINK_PATHS[purpose]}?token=${raw}${options.next ? `&next=${encodeURIComponent(options.next)}` : ''}`;
    if (await this.deliver(user.email, await template(await this.deps.club.profile(em), user, url))) return;
    // Nothing went out: drop the token so the person may ask again at once, not after the lockout.
    em.remove(token);
    await em.flush();
    if (!options.quietWhenLocked) {
      throw new AppError('SERVICE_UNAVAILABLE', 'We could not send the email right now. Please try again in a few minutes.');
    }
  }

  private deliver(to: string, mail: RenderedEmail): Promise<boolean> {
    return deliverQuietly(this.deps.mailer, this.deps.log, { to, ...mail });
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= argonHash(randomBytes(16).toString('hex'), ARGON_OPTIONS);
    return this.dummyHash;
  }
}
