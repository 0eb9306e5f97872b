import type { EntityManager } from '@mikro-orm/postgresql';
import { ageOn, clubLocalToInstant, clubToday, formatAuDate, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  centsToAmount,
  CURRENCY,
  formatAud,
  householdFeeCents,
  isJuniorOn,
  type MembershipRules,
  type MembershipType,
} from '../../shared/membership';
import type {
  DocumentedRegistrationInput,
  EventEntrants,
  MemberDashboard,
  MemberListItem,
  MemberProfile,
  RegistrationInput,
  RegistrationResult,
} from '../../shared/members.schema';
import { documentsRequiredMessage, documentsToAccept, type ClubDocuments } from '../../shared/documents';
import { nameHints } from '../../shared/member-names';
import { renewalWindow } from '../../shared/payments';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Catch, Event, EventRegistration, Household, Member, Payment } from '../db/entities';
import { joinAddressUsedMessage } from '../emails/membership.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from '../platform/audit.service';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';
import type { Actor } from '../platform/actor';
import type { AuthService } from '../accounts/auth.service';
import { familyCount, familyCoverText } from './family-limits';
import { beginHouseholdChange } from './household-changes';
import { currentMemberWhere, effectiveStatus, isCurrentMember, isSuspended, personFields, requireCurrentMember } from './member-status';
import type { JudgingService } from '../catches/judging.service';

export interface MembersDeps {
  clock: Clock;
  mailer: Mailer;
  judging: Pick<JudgingService, 'memberPoints'>;
  auth: Pick<AuthService, 'welcomeLink'>;
  rateRules: RateRules;
  club: Pick<ClubSettingsService, 'profile' | 'membership' | 'documents'>;
  log: { error(obj: object, msg: string): void };
}

/** A join form from the browser (everything) or from the documented REST body (docs/api.md: no gender, acceptances or extra people). */
export type RegistrationRequest = DocumentedRegistrationInput &
  Partial<Pick<RegistrationInput, 'additionalMembers' | 'termsAccepted' | 'codeOfConductAccepted' | 'documentsAccepted'>>;

/**
 * Refuses acceptances that miss a required document or name an outdated version (the page showed an older text):
 * every required document must be accepted at the club's current version.
 */
function refuseUnlessAccepted(documents: ClubDocuments, accepted: readonly { id: string; version: string }[]): void {
  if (documentsToAccept(documents, accepted).length)
    throw new AppError('BAD_REQUEST', documentsRequiredMessage(documents), { field: 'documentsAccepted' });
}

/** Member level from champion points this season (not a fixed level). */
export function memberLevel(points: number): 'Bronze' | 'Silver' | 'Gold' {
  return points >= 9 ? 'Gold' : points >= 3 ? 'Silver' : 'Bronze';
}

/** The fee for a household's next payment at the club's fees, in cents. */
export function feeFor(rules: Pick<MembershipRules, 'feesCents'>, household: Household, members: Member[]): number {
  return householdFeeCents(
    rules,
    household.membershipType,
    members.map((m) => m.membershipType),
  );
}

export class MembersService {
  constructor(private readonly deps: MembersDeps) {}

  private today(): IsoDate {
    return clubToday(this.deps.clock.now());
  }

  /**
   * Records a join form: a household of pending members that will pay together. Submitting again before paying
   * replaces the earlier form (and voids its unpaid orders) instead of creating a second registration, but only
   * for its owner (see `mayReplace`). Anyone else who types an address that already has a record gets the same
   * answer as a stranger and a registration of their own; the address's owner is told by e-mail, after the answer.
   * So neither the answer nor its timing says whether an address belongs to a member, and nobody can change another
   * person's record.
   * `sessionHouseholdId` is the household this browser's join form created.
   */
  async register(em: EntityManager, actor: Actor, input: RegistrationRequest, sessionHouseholdId?: string): Promise<RegistrationResult> {
    const today = this.today();
    const rules = await this.deps.club.membership(em);
    // The documented REST body carries no acceptances (the portal asks for them before payment); a join form does.
    if (input.documentsAccepted) refuseUnlessAccepted(await this.deps.club.documents(em), input.documentsAccepted);
    const type = input.membershipType;
    const additional = input.additionalMembers ?? [];
    checkAge(rules, input, type, today);
    if (type !== 'family' && additional.length > 1) {
      throw new AppError('BAD_REQUEST', 'Only a family membership covers more than two people. Choose Family to add more members.', {
        field: 'additionalMembers',
      });
    }

    const { result, notifyOwner } = await em.transactional(async (tem) => {
      const now = this.deps.clock.now();
      const existing = await this.recordFor(tem, input.email, actor, sessionHouseholdId);
      const owned = existing && mayReplace(existing, actor, input.email, sessionHouseholdId) ? existing : null;

      const { household, primary } = await this.formHousehold(tem, actor, input, owned, now, today, rules);
      await tem.flush();
      const members = await tem.find(Member, { household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.register',
        entityType: 'Household',
        entityId: household.id,
        after: {
          membershipType: type,
          members: members.map((m) => `${m.firstName} ${m.lastName}`),
          documents: input.documentsAccepted?.map((d) => `${d.id}@${d.version}`) ?? null,
        },
      });
      await tem.flush();
      return {
        notifyOwner:
          existing && !owned
            ? { firstName: existing.firstName, state: recordState(existing, today), expiryDate: existing.expiryDate ?? null }
            : null,
        result: {
          message: 'Registration Successful',
          householdId: household.id,
          memberId: primary.id,
          membershipType: type,
          amount: centsToAmount(feeFor(rules, household, members)),
          currency: CURRENCY,
          members: members.map((m) => ({ firstName: m.firstName, lastName: m.lastName, membershipType: m.membershipType })),
        } satisfies RegistrationResult,
      };
    });
    // The owner's notice is made and sent after the answer, on a unit of work of its own: a known address must not
    // take longer to answer than an unknown one.
    if (notifyOwner) {
      const fork = em.fork();
      setImmediate(() => void this.tellAddressOwner(fork, input.email, notifyOwner));
    }
    return result;
  }

  /**
   * The household a join form makes, or the owner's earlier form it replaces (see `register`), with the form's people
   * in it: the primary member as the form gives them, those kept, and those added.
   */
  private async formHousehold(
    tem: EntityManager,
    actor: Actor,
    input: RegistrationRequest,
    owned: Member | null,
    now: Date,
    today: IsoDate,
    rules: MembershipRules,
  ): Promise<{ household: Household; primary: Member }> {
    const type = input.membershipType;
    const additional = input.additionalMembers ?? [];
    const typeOf = (birthDate: IsoDate, isPrimary: boolean): MembershipType =>
      type === 'family' ? 'family' : isPrimary ? type : isJuniorOn(rules, birthDate, today) ? 'junior' : 'adult';
    let household: Household;
    let primary: Member;
    let kept: Member[] = [];
    if (owned) {
      ({ household, primary, kept } = await replaceForm(tem, owned, type, now, today));
    } else {
      household = tem.create(Household, { membershipType: type });
      primary = tem.create(Member, {
        household,
        isPrimary: true,
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        membershipType: type,
      });
    }
    const samePerson = (m: Member, p: { firstName: string; lastName: string; dateOfBirth: IsoDate }) =>
      m.firstName.toLowerCase() === p.firstName.toLowerCase() &&
      m.lastName.toLowerCase() === p.lastName.toLowerCase() &&
      m.dateOfBirth === p.dateOfBirth;
    const added = additional.filter((p) => !kept.some((m) => samePerson(m, p)));
    checkHousehold(rules, type, [input.dateOfBirth, ...kept.map((m) => m.dateOfBirth), ...added.map((p) => p.dateOfBirth)], today);

    tem.assign(primary, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      address: input.address,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender ?? null,
      shirtSize: input.shirtSize,
      membershipType: type,
      termsAcceptedAt: input.termsAccepted ? now : null,
      codeOfConductAcceptedAt: input.codeOfConductAccepted ? now : null,
      documentsAccepted: input.documentsAccepted?.map((d) => ({ id: d.id, version: d.version, acceptedAt: now.toISOString() })) ?? null,
    });
    kept.forEach((m) => (m.membershipType = typeOf(m.dateOfBirth, false)));
    // Only the owner of the address gets the record on their account (an address belongs to whoever proves it).
    const provenOwner = actor.user?.emailVerifiedAt && actor.user.email === input.email ? actor.user : null;
    if (provenOwner && primary.user?.id !== provenOwner.id && !(await tem.count(Member, { user: provenOwner }))) primary.user = provenOwner;

    // The household lists its people in the form's order: each one added is recorded a millisecond after the one before.
    const addedFrom = Date.now();
    added.forEach((p, i) =>
      tem.create(Member, {
        household,
        createdAt: new Date(addedFrom + i + 1),
        isPrimary: false,
        firstName: p.firstName,
        lastName: p.lastName,
        dateOfBirth: p.dateOfBirth,
        address: input.address,
        membershipType: typeOf(p.dateOfBirth, false),
      }),
    );
    return { household, primary };
  }

  /** The record a join form with this address would change: this browser's, the caller's own, or the address's. */
  private async recordFor(em: EntityManager, email: string, actor: Actor, sessionHouseholdId?: string): Promise<Member | null> {
    const records = await em.find(Member, { email, isPrimary: true }, { populate: ['household', 'user'], orderBy: { createdAt: 'desc' } });
    return (
      records.find((m) => m.household.id === sessionHouseholdId) ??
      records.find((m) => actor.user && m.user?.id === actor.user.id) ??
      records.find((m) => m.user) ??
      records.find((m) => m.memberSince) ??
      records[0] ??
      null
    );
  }

  private async tellAddressOwner(
    em: EntityManager,
    email: string,
    record: { firstName: string; state: 'current' | 'registered' | 'lapsed'; expiryDate: string | null },
  ): Promise<void> {
    try {
      await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.joinNoticePerEmail, email);
      const link = await this.deps.auth.welcomeLink(em, { email, firstName: record.firstName, lastName: '' });
      const mail = await joinAddressUsedMessage(await this.deps.club.profile(em), { ...record, signInUrl: link.url });
      await deliverQuietly(this.deps.mailer, this.deps.log, { to: email, ...mail });
    } catch (error) {
      // Over the day's few notices: the owner has been told already, and nobody may flood their inbox.
      if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return;
      this.deps.log.error({ err: { message: (error as Error).message } }, 'Join form notice not sent');
    }
  }

  /** The signed-in user's own member record, with the household they pay with. */
  async profile(em: EntityManager, actor: Actor): Promise<MemberProfile | null> {
    if (!actor.user) return null;
    const member = await em.findOne(Member, { user: actor.user }, { populate: ['household'] });
    if (!member) return null;
    const household = await em.find(Member, { household: member.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    const rules = await this.deps.club.membership(em);
    return {
      ...personFields(member, this.today()),
      household: household.map((m) => ({
        id: m.id,
        firstName: m.firstName,
        lastName: m.lastName,
        membershipType: m.membershipType,
        dateOfBirth: m.dateOfBirth,
        current: isCurrentMember(m, this.today()),
      })),
      renewalAmount: centsToAmount(feeFor(rules, member.household, household)),
      paymentState: (await em.count(Payment, { household: member.household, kind: 'membership', status: 'pending' }))
        ? 'processing'
        : member.memberSince
          ? 'paid'
          : 'awaiting_payment',
      renewal: (({ open, opensOn, extendsTo }) => ({ open, opensOn, extendsTo }))(
        renewalWindow(
          rules,
          household.map((m) => m.expiryDate ?? null),
          this.today(),
        ),
      ),
      suspension: isSuspended(member, this.today()) ? { until: member.suspendedUntil!, reason: member.suspendedReason ?? '' } : null,
      documentsToAccept: member.isPrimary
        ? documentsToAccept(await this.deps.club.documents(em), member.documentsAccepted).map((d) => d.id)
        : [],
    };
  }

  /**
   * The reader accepts the club's required documents at their current versions (the portal asks before a payment
   * when they have not: a join through the documented REST body carries no acceptances, or a document changed).
   */
  async acceptDocuments(em: EntityManager, actor: Actor, accepted: { id: string; version: string }[]): Promise<{ message: string }> {
    if (!actor.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
    refuseUnlessAccepted(await this.deps.club.documents(em), accepted);
    return em.transactional(async (tem) => {
      const member = await tem.findOne(Member, { user: actor.user!, isGuest: false });
      if (!member) throw new AppError('FORBIDDEN', 'Only club members accept the club documents here. Join the club first.');
      const now = this.deps.clock.now().toISOString();
      const before = member.documentsAccepted ?? [];
      const fresh = accepted.map((d) => ({ id: d.id, version: d.version, acceptedAt: now }));
      member.documentsAccepted = [...before.filter((d) => !fresh.some((f) => f.id === d.id)), ...fresh];
      member.termsAcceptedAt ??= new Date(now);
      member.codeOfConductAcceptedAt ??= new Date(now);
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.documents.accept',
        entityType: 'Member',
        entityId: member.id,
        before: { documents: before.map((d) => `${d.id}@${d.version}`) },
        after: { documents: member.documentsAccepted.map((d) => `${d.id}@${d.version}`) },
      });
      await tem.flush();
      return { message: 'Thank you: the club documents are accepted.' };
    });
  }

  /** The dashboard figures: events this calendar year (club time), catches, events fished this year. */
  async dashboard(em: EntityManager, actor: Actor): Promise<MemberDashboard> {
    const member = actor.user ? await em.findOne(Member, { user: actor.user }) : null;
    const year = this.today().slice(0, 4);
    const yearStart = clubLocalToInstant(`${year}-01-01T00:00`);
    const yearEnd = clubLocalToInstant(`${Number(year) + 1}-01-01T00:00`);
    const eventsAttended = member
      ? await em.count(EventRegistration, { member, event: { eventDate: { $gte: yearStart, $lt: yearEnd } } })
      : 0;
    const catches = member ? await em.find(Catch, { angler: member, status: { $ne: 'rejected' } }, { fields: ['event', 'caughtAt'] }) : [];
    const competitions = new Set(catches.filter((c) => c.caughtAt >= yearStart && c.caughtAt < yearEnd).map((c) => c.event.id)).size;
    const points = member ? await this.deps.judging.memberPoints(em, Number(year), member.id) : 0;
    return { eventsAttended, fishCaught: catches.length, competitions, memberLevel: memberLevel(points) };
  }

  /**
   * Members in good standing, by name: whom a catch can be logged for. Only for members in good
   * standing themselves (and the committee): an account is not a membership, and the list names juniors.
   */
  async list(em: EntityManager, actor: Actor): Promise<MemberListItem[]> {
    const own = await requireCurrentMember(em, actor, this.today(), 'see the members list');
    const members = await em.find(Member, currentMemberWhere(this.today()), {
      orderBy: { firstName: 'asc', lastName: 'asc' },
      fields: ['id', 'firstName', 'lastName', 'address', 'dateOfBirth'],
    });
    const hints = nameHints(members, own?.id);
    return members.map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName, hint: hints.get(m.id) ?? null }));
  }

  /**
   * The members entered in an event, for the catch form (only entrants' catches count): for those who may see the
   * members list. NOT_FOUND for an unknown event.
   */
  async entrants(em: EntityManager, actor: Actor, eventId: string): Promise<EventEntrants> {
    await requireCurrentMember(em, actor, this.today(), 'see the members list');
    const event = await em.findOne(Event, { id: eventId }, { fields: ['id'] });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const entries = await em.find(EventRegistration, { event }, { fields: ['member'] });
    return { eventId, memberIds: entries.map((e) => e.member.id) };
  }
}

/**
 * Whether a join form may overwrite the existing record registered with its e-mail address (an unpaid form
 * or a lapsed membership): only its own account may, or, for a record no account has claimed yet, the
 * browser that filled it in or someone signed in with that address. Anyone else would be rewriting
 * another person's details (name, address, household) just by knowing their e-mail address.
 */
function mayReplace(primary: Member, actor: Actor, email: string, sessionHouseholdId: string | undefined): boolean {
  // The proven owner of the address may always take back a record typed with it, even one another account holds.
  if (actor.user?.emailVerifiedAt && actor.user.email === email) return true;
  if (primary.user) return actor.user?.id === primary.user.id;
  return primary.household.id === sessionHouseholdId;
}

/**
 * A join form sent again for a record its sender may replace: under the household's lock (so an order being priced
 * waits, and orders priced for the earlier form are voided), read afresh, refused if it has been paid meanwhile.
 * Those who never paid are dropped (the form names everyone again); those who paid before stay and are renewed.
 */
async function replaceForm(em: EntityManager, owned: Member, type: MembershipType, now: Date, today: IsoDate) {
  const household = await beginHouseholdChange(em, owned.household.id, now, 'member');
  const primary = await em.findOneOrFail(Member, { id: owned.id }, { refresh: true });
  if (isCurrentMember(primary, today)) {
    throw new AppError(
      'CONFLICT',
      `You are already a member, paid until ${formatAuDate(primary.expiryDate!)}. Use Renew Membership in the member portal to extend it.`,
      { field: 'email' },
    );
  }
  household.membershipType = type;
  const others = await em.find(Member, { household, isPrimary: false }, { orderBy: { createdAt: 'asc' } });
  others.filter((m) => !m.memberSince).forEach((m) => em.remove(m));
  return { household, primary, kept: others.filter((m) => m.memberSince) };
}

/** How a record stands, in the words of the e-mail to its address's owner. */
function recordState(member: Member, today: IsoDate): 'current' | 'registered' | 'lapsed' {
  const status = effectiveStatus(member, today);
  return status === 'active' ? 'current' : member.memberSince ? 'lapsed' : 'registered';
}

/** Junior is for people under the club's junior age on the day of joining, and adult for people that age or over. */
function checkAge(rules: MembershipRules, person: { firstName: string; dateOfBirth: IsoDate }, type: MembershipType, today: IsoDate): void {
  const age = ageOn(person.dateOfBirth, today);
  if (type === 'junior' && !isJuniorOn(rules, person.dateOfBirth, today)) {
    throw new AppError(
      'BAD_REQUEST',
      `Junior membership is for people under ${rules.juniorUnder} on the day of joining. ${person.firstName} is ${age}, so please choose Adult or Family.`,
      { field: 'membershipType' },
    );
  }
  if (type === 'adult' && isJuniorOn(rules, person.dateOfBirth, today)) {
    throw new AppError(
      'BAD_REQUEST',
      `Adult membership is for people ${rules.juniorUnder} or over. ${person.firstName} is ${age}, so please choose Junior (${formatAud(rules.feesCents.junior)}) instead.`,
      { field: 'membershipType' },
    );
  }
}

/**
 * Everyone who will be active in the household after payment: up to the club's family limits for a family, 2 people
 * otherwise.
 */
function checkHousehold(rules: MembershipRules, type: MembershipType, birthDates: IsoDate[], today: IsoDate): void {
  if (type !== 'family') {
    if (birthDates.length > 2)
      throw new AppError('BAD_REQUEST', 'Only a family membership covers more than two people. Choose Family to add more members.', {
        field: 'additionalMembers',
      });
    return;
  }
  if (!familyCount(rules, birthDates, today).fits) {
    throw new AppError(
      'BAD_REQUEST',
      `A family membership covers up to ${familyCoverText(rules)}, counting everyone in the household who will be a member after this payment.`,
      { field: 'additionalMembers' },
    );
  }
}
