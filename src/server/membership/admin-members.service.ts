import { LockMode, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import {
  ACTIVE_NEEDS_EXPIRY_MESSAGE,
  type AdminMemberRow,
  type MemberPage,
  type MemberSearch,
  type MemberUpdate,
} from '../../shared/admin.schema';
import { ageOn, clubToday, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { HouseholdChangeInput, MemberRecord } from '../../shared/member-records.schema';
import { isJuniorOn, membershipLabels, type MembershipRules, type MembershipType } from '../../shared/membership';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { EmailChange, Household, Member } from '../db/entities';
import type { AdminService } from '../accounts/admin.service';
import { recordAudit } from '../platform/audit.service';
import { checkFamily, ownType } from './family-limits';
import { beginHouseholdChange } from './household-changes';
import type { Actor } from '../platform/actor';
import { CSV_BOM, csvLine } from '../platform/csv';
import type { EmailChangeService } from '../accounts/email-change.service';
import { currentMemberWhere, personFields, effectiveStatus, expiredMemberWhere, expiringMemberWhere, isSuspended } from './member-status';
import type { RenewalsService } from './renewals.service';

const OWN_EMAIL_MESSAGE =
  'Change your own sign-in address from your profile (Profile → Change e-mail), where it asks for your password first.';
export interface AdminMembersDeps {
  clock: Clock;
  admin: AdminService;
  emailChange: EmailChangeService;
  renewals: Pick<RenewalsService, 'sentTo' | 'reminderTarget'>;
  club: Pick<ClubSettingsService, 'membership'>;
}

const EXPORT_BATCH = 1000;
/** The club day of a change, with the club's membership rules as they stand. */
type OnDay = { today: IsoDate; rules: MembershipRules };
type ListFilters = Pick<MemberSearch, 'search' | 'type' | 'status'>;

/**
 * The members list's filters as a query condition: the one rule behind the list, its export and the dashboard's
 * member figures (current / expired / pending), so the three always count alike. Guests (non-members who entered one
 * competition) are on the sign-on desk's lists, not here.
 */
export function memberListWhere(input: ListFilters, today: IsoDate): FilterQuery<Member> {
  const and: FilterQuery<Member>[] = [{ isGuest: false }];
  for (const word of (input.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    and.push({ $or: [{ firstName: { $ilike: like } }, { lastName: { $ilike: like } }, { email: { $ilike: like } }] });
  }
  if (input.type) and.push({ membershipType: input.type });
  if (input.status === 'pending') and.push({ status: 'pending' });
  if (input.status === 'active') and.push(currentMemberWhere(today));
  if (input.status === 'expired') and.push(expiredMemberWhere(today));
  if (input.status === 'expiring') and.push(expiringMemberWhere(today));
  return { $and: and };
}

const STATUS_WORDS = { active: 'current', pending: 'pending', expired: 'expired', expiring: 'expiring' } as const;

/** The export's file name says what it holds: 'members-expired-adult-search-smith-2026-11-24.csv'. */
export function memberExportFileName(filters: ListFilters, day: IsoDate): string {
  const parts = ['members'];
  if (filters.status) parts.push(STATUS_WORDS[filters.status]);
  if (filters.type) parts.push(filters.type);
  const search = (filters.search ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  if (search) parts.push('search', search);
  if (parts.length === 1) parts.push('all');
  return `${parts.join('-')}-${day}.csv`;
}

/**
 * Every field of a member the committee can change, for the audit log's before and after: the profile fields as the
 * record shows them (status as the committee sees it: an active membership past its expiry reads 'expired'), then
 * the account's role and the household.
 */
function snapshot(m: Member, today: IsoDate) {
  const { id: _id, ...profile } = personFields(m, today);
  return { ...profile, role: m.user ? m.user.role : null, householdId: m.household.id, isPrimary: m.isPrimary };
}

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/** The committee's member list: search, filters, sorting and pages run in the database; one member's whole record. */
export class AdminMembersService {
  constructor(private readonly deps: AdminMembersDeps) {}

  private today(): IsoDate {
    return clubToday(this.deps.clock.now());
  }

  private orderBy(input: Pick<MemberSearch, 'sort' | 'direction'>) {
    const d = input.direction;
    const by = {
      name: [{ lastName: d }, { firstName: d }],
      email: [{ email: d }],
      type: [{ membershipType: d }, { lastName: 'asc' }],
      status: [{ status: d }, { lastName: 'asc' }],
      expiry: [{ expiryDate: d }, { lastName: 'asc' }],
      joined: [{ memberSince: d }, { lastName: 'asc' }],
    } as const;
    return [...by[input.sort], { id: 'asc' }] as never;
  }

  async search(em: EntityManager, input: MemberSearch): Promise<MemberPage> {
    const today = this.today();
    const [members, total] = await em.findAndCount(Member, memberListWhere(input, today), {
      populate: ['user'],
      orderBy: this.orderBy(input),
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    const waiting = await this.waitingEmails(
      em,
      members.map((m) => m.id),
    );
    return { rows: members.map((m) => this.row(m, today, waiting.get(m.id))), total, page: input.page, pageSize: input.pageSize };
  }

  /** How many members each of the list's status filters shows: the dashboard's figures. */
  async statusCounts(em: EntityManager): Promise<{ all: number; current: number; expired: number; pending: number }> {
    const today = this.today();
    const count = (status?: 'active' | 'expired' | 'pending') => em.fork().count(Member, memberListWhere({ status }, today));
    const [all, current, expired, pending] = await Promise.all([count(), count('active'), count('expired'), count('pending')]);
    return { all, current, expired, pending };
  }

  /** New addresses waiting for confirmation, by member. */
  private async waitingEmails(em: EntityManager, memberIds: string[]): Promise<Map<string, string>> {
    if (!memberIds.length) return new Map();
    const open = await em.find(
      EmailChange,
      { member: { $in: memberIds }, confirmedAt: null, cancelledAt: null, expiresAt: { $gt: this.deps.clock.now() } },
      { orderBy: { createdAt: 'asc' } },
    );
    return new Map(open.map((c) => [c.member.id, c.newEmail]));
  }

  /** One member's whole record: profile, household, an e-mail change waiting for confirmation and renewal reminders. */
  async record(em: EntityManager, memberId: string): Promise<MemberRecord> {
    const member = await em.findOne(Member, { id: memberId, isGuest: false }, { populate: ['user', 'household'], refresh: true });
    if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
    const today = this.today();
    const people = await em.find(Member, { household: member.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    const [emailChange, reminders, reminder] = await Promise.all([
      this.deps.emailChange.pending(em.fork(), member.id),
      this.deps.renewals.sentTo(em.fork(), member.id),
      this.deps.renewals.reminderTarget(em.fork(), member.id),
    ]);
    return {
      ...personFields(member, today),
      isPrimary: member.isPrimary,
      hasAccount: Boolean(member.user),
      household: {
        id: member.household.id,
        membershipType: member.household.membershipType,
        people: people.map((p) => ({
          id: p.id,
          firstName: p.firstName,
          lastName: p.lastName,
          membershipType: p.membershipType,
          status: effectiveStatus(p, today),
          isPrimary: p.isPrimary,
          email: p.email ?? null,
        })),
      },
      emailChange,
      reminders,
      reminder,
    };
  }

  /**
   * The committee's edit: every profile field, membership type, status, expiry and (for members with an account)
   * role; each change audited with every field before and after. A new e-mail address is not written here: it is
   * sent a confirmation link and changes once confirmed (email-change.service), and an address another person uses
   * is refused before anything is saved.
   */
  async update(em: EntityManager, actor: Actor, input: MemberUpdate): Promise<AdminMemberRow> {
    const today = this.today();
    const rules = await this.deps.club.membership(em);
    const { member, newEmail } = await em.transactional(async (tem) => {
      const member = await tem.findOne(
        Member,
        { id: input.id, isGuest: false },
        { populate: ['user', 'household'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
      if (input.status === 'active' && !input.expiryDate)
        throw new AppError('BAD_REQUEST', ACTIVE_NEEDS_EXPIRY_MESSAGE, { field: 'expiryDate' });
      // An empty e-mail field leaves the address as it is: an address is removed by no one, only replaced.
      const newEmail = input.email && input.email !== member.email ? input.email : null;
      // One's own login changes where it asks who is asking (the password, or a link to the current address).
      if (newEmail && member.user && member.user.id === actor.user?.id)
        throw new AppError('BAD_REQUEST', OWN_EMAIL_MESSAGE, { field: 'email' });
      if (newEmail) await this.deps.emailChange.ensureFree(tem, member, newEmail);
      const before = snapshot(member, today);
      tem.assign(member, {
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        address: input.address,
        status: input.status,
        expiryDate: input.expiryDate,
        memberSince: member.memberSince ?? (input.status === 'active' ? today : null),
        ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.shirtSize !== undefined ? { shirtSize: input.shirtSize } : {}),
      });
      if (input.membershipType && input.membershipType !== member.membershipType)
        await this.changeType(tem, actor, member, input.membershipType, { today, rules });
      if (input.role && input.role !== (member.user?.role ?? null)) {
        if (!member.user) throw new AppError('BAD_REQUEST', 'This member has no account, so a role cannot be set.', { field: 'role' });
        if (member.user.id === actor.user?.id && input.role !== 'admin')
          throw new AppError('BAD_REQUEST', 'You cannot remove your own administrator role.', { field: 'role' });
        await this.deps.admin.setRole(tem, { user: actor.user, label: actor.user?.email ?? 'admin' }, member.user.email, input.role);
      }
      const after = snapshot(member, today);
      recordAudit(tem, { actor: actor.user, action: 'member.update', entityType: 'Member', entityId: member.id, before, after });
      await tem.flush();
      return { member, newEmail };
    });
    if (newEmail) await this.deps.emailChange.request(em, actor, { memberId: member.id, email: newEmail });
    const waiting = await this.waitingEmails(em, [member.id]);
    return this.row(member, today, waiting.get(member.id));
  }

  /**
   * A new membership type, keeping the rule the fees rely on: in a family household everyone is 'family'; elsewhere
   * everyone holds their own (junior under the club's junior age, adult from it) and a household has at most two
   * people. Choosing Family makes the whole household a family; leaving Family makes everyone in it hold their own
   * again.
   */
  private async changeType(em: EntityManager, actor: Actor, member: Member, type: MembershipType, on: OnDay): Promise<void> {
    const { today, rules } = on;
    const household = member.household;
    await beginHouseholdChange(em, household.id, this.deps.clock.now(), 'committee');
    const people = await em.find(Member, { household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    const others = people.filter((p) => p.id !== member.id);
    const field = { field: 'membershipType' };
    if (type === 'family') {
      checkFamily(rules, people, today);
      for (const p of others) this.retype(em, actor, p, 'family', today);
      member.membershipType = 'family';
      household.membershipType = 'family';
      return;
    }
    const age = ageOn(member.dateOfBirth, today);
    const under = rules.juniorUnder;
    if (type === 'junior' && !isJuniorOn(rules, member.dateOfBirth, today))
      throw new AppError('BAD_REQUEST', `Junior membership is for people under ${under}. ${member.firstName} is ${age}.`, field);
    if (type === 'adult' && isJuniorOn(rules, member.dateOfBirth, today))
      throw new AppError(
        'BAD_REQUEST',
        `Adult membership is for people ${under} or over. ${member.firstName} is ${age}: choose Junior.`,
        field,
      );
    if (household.membershipType === 'family') {
      if (people.length > 2)
        throw new AppError(
          'BAD_REQUEST',
          `${member.firstName}'s household has ${people.length} people, and only a family membership covers more than two. Take people out into households of their own first.`,
          field,
        );
      for (const p of others) this.retype(em, actor, p, ownType(rules, p.dateOfBirth, today), today);
    }
    member.membershipType = type;
    household.membershipType = (people.find((p) => p.isPrimary) ?? member).membershipType;
  }

  /** A change to someone else's type that another change brought with it, audited on its own record. */
  private retype(em: EntityManager, actor: Actor, person: Member, type: MembershipType, today: IsoDate): void {
    if (person.membershipType === type) return;
    const before = snapshot(person, today);
    person.membershipType = type;
    recordAudit(em, {
      actor: actor.user,
      action: 'member.update',
      entityType: 'Member',
      entityId: person.id,
      before,
      after: snapshot(person, today),
    });
  }

  /**
   * Moves between households, keeping the rules that payments and renewals rely on: every household has exactly one
   * primary member (who holds the account link and receives receipts and reminders, so needs an e-mail address), a
   * family covers up to the club's family limits, any other household at most two people, and nothing moves while
   * PayPal holds a payment for either household. Audited with both households before and after.
   */
  async changeHousehold(em: EntityManager, actor: Actor, input: HouseholdChangeInput): Promise<MemberRecord> {
    const today = this.today();
    const rules = await this.deps.club.membership(em);
    await em.transactional(async (tem) => {
      const member = await tem.findOne(
        Member,
        { id: input.memberId, isGuest: false },
        { populate: ['user', 'household'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
      const from = member.household;
      await beginHouseholdChange(tem, from.id, this.deps.clock.now(), 'committee');
      const fromPeople = await tem.find(Member, { household: from }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
      const before = { [from.id]: householdSnapshot(from, fromPeople) };
      const touched = await this.applyHouseholdChange(tem, member, fromPeople, input, before, { today, rules });
      if (!touched) return;
      await tem.flush();
      const after: Record<string, unknown> = {};
      for (const household of touched) {
        const people = await tem.find(Member, { household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
        after[household.id] = householdSnapshot(household, people);
      }
      recordAudit(tem, {
        actor: actor.user,
        action: `member.household.${input.action}`,
        entityType: 'Member',
        entityId: member.id,
        before: { householdId: from.id, households: before },
        after: { householdId: member.household.id, households: after },
      });
      await tem.flush();
    });
    return this.record(em, input.memberId);
  }

  /**
   * One household change on the locked member (see changeHousehold), with `before` given each household's state as
   * it is read: the households it touched, or null when it changes nothing.
   */
  private async applyHouseholdChange(
    tem: EntityManager,
    member: Member,
    fromPeople: Member[],
    input: HouseholdChangeInput,
    before: Record<string, unknown>,
    on: OnDay,
  ): Promise<Household[] | null> {
    const from = member.household;
    const name = fullName(member);
    const needsEmail = (what: string) => {
      if (!member.email)
        throw new AppError(
          'BAD_REQUEST',
          `${name} has no e-mail address, and the primary member of a household receives its receipts and renewal reminders. Give ${member.firstName} an address first, then ${what}.`,
        );
    };
    const primaryWithOthers = () => {
      if (member.isPrimary && fromPeople.length > 1)
        throw new AppError(
          'BAD_REQUEST',
          `${name} is the primary member of a household with others in it. Make one of them the primary member first.`,
        );
    };
    const touched: Household[] = [from];

    if (input.action === 'makePrimary') {
      if (member.isPrimary) return null;
      needsEmail('make them the primary member');
      for (const p of fromPeople) p.isPrimary = p.id === member.id;
      if (from.membershipType !== 'family') from.membershipType = member.membershipType;
    } else if (input.action === 'leave') {
      if (fromPeople.length === 1) throw new AppError('BAD_REQUEST', `${name} is the only person in their household already.`);
      primaryWithOthers();
      needsEmail('take them out');
      const type = member.membershipType === 'family' ? ownType(on.rules, member.dateOfBirth, on.today) : member.membershipType;
      const own = tem.create(Household, { membershipType: type });
      member.household = own;
      member.isPrimary = true;
      member.membershipType = type;
      touched.push(own);
    } else {
      touched.push(await this.moveIntoHousehold(tem, member, input.intoMemberId, before, on, primaryWithOthers));
    }
    return touched;
  }

  /** Moves the member into the household of `intoMemberId` (locked for the change), within its membership's limits. */
  private async moveIntoHousehold(
    tem: EntityManager,
    member: Member,
    intoMemberId: string,
    before: Record<string, unknown>,
    on: OnDay,
    primaryWithOthers: () => void,
  ): Promise<Household> {
    const from = member.household;
    const name = fullName(member);
    const target = await tem.findOne(Member, { id: intoMemberId, isGuest: false }, { populate: ['household'] });
    if (!target) throw new AppError('NOT_FOUND', 'The member whose household to move into does not exist.', { field: 'intoMemberId' });
    const to = target.household;
    if (to.id === from.id) throw new AppError('BAD_REQUEST', `${name} is in that household already.`, { field: 'intoMemberId' });
    primaryWithOthers();
    await beginHouseholdChange(tem, to.id, this.deps.clock.now(), 'committee');
    const toPeople = await tem.find(Member, { household: to }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    before[to.id] = householdSnapshot(to, toPeople);
    if (to.membershipType === 'family') {
      checkFamily(on.rules, [...toPeople, member], on.today);
      member.membershipType = 'family';
    } else {
      if (toPeople.length >= 2)
        throw new AppError(
          'BAD_REQUEST',
          `Only a family membership covers more than two people, and ${fullName(target)}'s household has ${toPeople.length}. Make it a family first (edit its primary member's membership type).`,
          { field: 'intoMemberId' },
        );
      if (member.membershipType === 'family') member.membershipType = ownType(on.rules, member.dateOfBirth, on.today);
    }
    member.household = to;
    member.isPrimary = false;
    return to;
  }

  /** The export's file name, naming its filter and the club day. */
  exportFileName(filters: ListFilters): string {
    return memberExportFileName(filters, this.today());
  }

  /** The whole filtered list as CSV, written in batches (keyset pages), never all rows in memory at once. */
  async *exportCsv(em: EntityManager, input: ListFilters): AsyncGenerator<string> {
    const today = this.today();
    const labels = membershipLabels(await this.deps.club.membership(em));
    yield (
      CSV_BOM +
      csvLine(['First name', 'Last name', 'Email', 'Phone', 'Address', 'Type', 'Status', 'Member since', 'Expiry', 'Primary', 'Shirt size'])
    );
    const where = memberListWhere(input, today);
    let after: string | null = null;
    for (;;) {
      const batch: Member[] = await em.find(Member, after ? { $and: [where, { id: { $gt: after } }] } : where, {
        orderBy: { id: 'asc' },
        limit: EXPORT_BATCH,
      });
      if (!batch.length) return;
      yield batch
        .map((m) =>
          csvLine([
            m.firstName,
            m.lastName,
            m.email,
            m.phone,
            m.address,
            labels[m.membershipType],
            effectiveStatus(m, today),
            m.memberSince,
            m.expiryDate,
            m.isPrimary ? 'yes' : 'no',
            m.shirtSize,
          ]),
        )
        .join('');
      after = batch[batch.length - 1].id;
      em.clear();
    }
  }

  private row(m: Member, today: string, pendingEmail?: string): AdminMemberRow {
    return {
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      initials: `${m.firstName[0] ?? ''}${m.lastName[0] ?? ''}`.toUpperCase(),
      email: m.email ?? null,
      phone: m.phone ?? null,
      address: m.address ?? null,
      membershipType: m.membershipType,
      status: effectiveStatus(m, today),
      memberSince: m.memberSince ?? null,
      expiryDate: m.expiryDate ?? null,
      role: m.user ? m.user.role : null,
      isPrimary: m.isPrimary,
      suspension: isSuspended(m, today) ? { until: m.suspendedUntil!, reason: m.suspendedReason ?? '' } : null,
      shirtSize: m.shirtSize ?? null,
      pendingEmail: pendingEmail ?? null,
    };
  }
}

function householdSnapshot(household: Household, people: Member[]) {
  return {
    membershipType: household.membershipType,
    people: people.map((p) => `${fullName(p)} (${p.membershipType}${p.isPrimary ? ', primary' : ''})`),
  };
}
