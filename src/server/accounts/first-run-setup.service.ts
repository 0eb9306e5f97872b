import type { EntityManager } from '@mikro-orm/postgresql';
import { timingSafeEqual } from 'node:crypto';
import type { FirstAdminInput } from '../../shared/setup.schema';
import { AppError } from '../../shared/errors';
import { ROUTES } from '../../shared/screens';
import type { Clock } from '../clock';
import { writeFishingArea } from '../catches/fishing-area.service';
import { writeClubSection } from '../club/club-sections';
import { writePlacingRules } from '../competition/placing-rules.service';
import type { ClubSettingsService } from '../club/club-settings.service';
import { AuditLog, User } from '../db/entities';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { deriveCode, normaliseTypedCode } from '../platform/private-codes';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';
import { hashPassword } from './auth.service';
import { linkMemberToUser } from './member-link';

/** The audit action of the first administrator made on the setup page. */
export const FIRST_ADMIN_ACTION = 'setup.firstAdmin';
const CODE_RECORD = 'first-administrator';
const LOCK_KEY = 'first-run-setup';
const CLOSED = 'This page is not available: the club already has an administrator.';
const WRONG_CODE = 'That setup code is not right. Copy it from the site’s log, or run npm run cli -- setup-code on the server.';

/** Whether any account is an administrator: one indexed row at most, asked by the setup page's status and procedure. */
export async function hasAdministrator(em: EntityManager): Promise<boolean> {
  const rows = await em.execute<{ found: boolean }[]>(`select exists (select 1 from users where role = 'admin') as found`);
  return rows[0].found;
}

/**
 * The setup code while the club has no administrator, null once it has one. Nothing is stored for it: it is derived
 * from the site's secret, and its serial is the number of first administrators made so far, so a code that was used
 * never works again (should every administrator later be revoked, the page opens again with a new code).
 */
export async function currentSetupCode(em: EntityManager, secret: string): Promise<string | null> {
  if (await hasAdministrator(em)) return null;
  const used = await em.count(AuditLog, { action: FIRST_ADMIN_ACTION });
  return deriveCode(secret, 'first-run-setup', CODE_RECORD, used + 1);
}

/** The line that tells the operator where to go and with which code. */
export const setupNotice = (publicUrl: string, code: string) =>
  `Set up the club at ${publicUrl.replace(/\/+$/, '')}${ROUTES.setup} with the code ${code}`;

function sameCode(expected: string, typed: string): boolean {
  const a = Buffer.from(normaliseTypedCode(expected));
  const b = Buffer.from(normaliseTypedCode(typed));
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface FirstRunSetupDeps {
  /** The site's secret the setup code is derived from. */
  secret: string;
  clock: Clock;
  rateRules: RateRules;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Gives the club's documents their versions. */
  club: Pick<ClubSettingsService, 'versioned'>;
}

/** The first-run setup: the way in (the code) and the first administrator, only while the club has none. */
export class FirstRunSetupService {
  constructor(private readonly deps: FirstRunSetupDeps) {}

  async isOpen(em: EntityManager): Promise<boolean> {
    return !(await hasAdministrator(em));
  }

  /** At start, while no administrator exists: the code goes to the log. */
  async announce(em: EntityManager): Promise<void> {
    try {
      const code = await currentSetupCode(em, this.deps.secret);
      // The one secret this site logs, on purpose: the operator reading the log is who may make the first administrator.
      if (code) this.deps.log.warn({}, setupNotice(this.deps.publicUrl, code));
    } catch (err) {
      this.deps.log.error({ err }, 'Could not tell whether the club needs setting up');
    }
  }

  /**
   * Saves the club's details and makes the first administrator (the address verified: the operator holding the code is trusted) and returns them
   * to be signed in. Under one advisory lock, so two setups at once make one administrator; a wrong code changes
   * nothing but the rate-limit counter. An existing account at the address becomes the administrator.
   */
  async createFirstAdmin(em: EntityManager, actor: Actor, input: FirstAdminInput): Promise<User> {
    if (await hasAdministrator(em)) throw new AppError('NOT_FOUND', CLOSED);
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.setupPerIp, actor.ip);
    return em.transactional(async (tem) => {
      await tem.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [LOCK_KEY]);
      const code = await currentSetupCode(tem, this.deps.secret);
      if (!code) throw new AppError('NOT_FOUND', CLOSED);
      if (!sameCode(code, input.code)) throw new AppError('BAD_REQUEST', WRONG_CODE, { field: 'code' });
      const now = this.deps.clock.now();
      const existing = await tem.findOne(User, { email: input.email });
      const user = existing ?? tem.create(User, { email: input.email, firstName: input.firstName, lastName: input.lastName });
      recordAudit(tem, {
        actor: null,
        actorLabel: 'setup code',
        action: FIRST_ADMIN_ACTION,
        entityType: 'User',
        entityId: user.id,
        before: existing ? { role: existing.role } : null,
        after: { role: 'admin', email: input.email },
      });
      await writeClubSection(tem, 'profile', input.club, { actor: null, label: 'setup code' });
      await writeClubSection(tem, 'membership', input.membership, { actor: null, label: 'setup code' });
      await writeClubSection(tem, 'competition', input.competition, { actor: null, label: 'setup code' });
      await writePlacingRules(tem, input.placing, { actor: null, label: 'setup code' });
      if (input.fishingArea) await writeFishingArea(tem, input.fishingArea, { actor: null, label: 'setup code' });
      await writeClubSection(tem, 'species', input.species, { actor: null, label: 'setup code' });
      await writeClubSection(tem, 'documents', await this.deps.club.versioned(tem, input.documents), { actor: null, label: 'setup code' });
      Object.assign(user, { firstName: input.firstName, lastName: input.lastName, role: 'admin' as const });
      user.passwordHash = await hashPassword(input.password);
      user.emailVerifiedAt ??= now;
      user.lastSignInAt = now;
      // Any session of an existing account at this address ends: its password and role just changed.
      if (existing) user.sessionVersion += 1;
      await linkMemberToUser(tem, user);
      await tem.flush();
      return user;
    });
  }
}
