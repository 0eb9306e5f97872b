import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, clubToday, formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { AddJuniorResult, HouseholdMember, MyDetailsInput, MyEmailChangeInput, MyHousehold } from '../../shared/member-details.schema';
import type { EmailChangeResult } from '../../shared/member-records.schema';
import { centsToAmount, formatAud, isJuniorOn, type GENDERS, type MembershipRules, type SHIRT_SIZES } from '../../shared/membership';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Household, Member } from '../db/entities';
import { additionExpiry, householdAdult, isWaitingAddition, paidInOwnRight, priceAddition, waitingAddition } from './household-additions';
import { recordAudit } from '../platform/audit.service';
import { beginHouseholdChange } from './household-changes';
import type { Actor } from '../platform/actor';
import type { EmailChangeService } from '../accounts/email-change.service';
import { effectiveStatus } from './member-status';

export interface AddJuniorRequest {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: (typeof GENDERS)[number];
  shirtSize: (typeof SHIRT_SIZES)[number] | null;
}

const fullName = (m: Member) => `${m.firstName} ${m.lastName}`;

/** What the household's adult is told when a junior leaves the household. */
function removalMessage(junior: Member, keeps: boolean): string {
  if (!keeps) return `${junior.firstName} is no longer in your household, and their membership with it has ended.`;
  return junior.expiryDate
    ? `${junior.firstName} is no longer in your household. Their own membership runs until ${formatAuDate(junior.expiryDate)} and will not be renewed with yours.`
    : `${junior.firstName} is no longer in your household.`;
}

export interface MemberDetailsDeps {
  clock: Clock;
  emailChange: EmailChangeService;
  club: Pick<ClubSettingsService, 'membership'>;
}

/** The fields a member keeps up to date themselves, as the audit log records them before and after a change. */
const DETAIL_FIELDS = [
  'phone',
  'address',
  'shirtSize',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelationship',
  'medicalNotes',
] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

const snapshot = (m: Member) => Object.fromEntries(DETAIL_FIELDS.map((f) => [f, m[f] ?? null])) as Record<DetailField, string | null>;

/**
 * Members help themselves: they read their household with each person's standing, change their own contact
 * details and shirt size, and keep their juniors' emergency contacts and medical notes; the login e-mail changes
 * through the confirmed e-mail change. Every change is audited with the fields before and after.
 */
export class MemberDetailsService {
  constructor(private readonly deps: MemberDetailsDeps) {}

  private today() {
    return clubToday(this.deps.clock.now());
  }

  private async own(em: EntityManager, actor: Actor): Promise<Member> {
    if (!actor.user) throw new AppError('UNAUTHORIZED', 'Please sign in first.');
    const own = await em.findOne(Member, { user: actor.user, isGuest: false });
    if (!own) throw new AppError('FORBIDDEN', 'Only club members have details to keep here. Join the club first.');
    return own;
  }

  /** Who may change `target`'s details: the person themselves, or an adult of the household for a junior. */
  private mayEdit(rules: MembershipRules, own: Member, target: Member): boolean {
    if (own.id === target.id) return true;
    const today = this.today();
    return (
      target.household.id === own.household.id && isJuniorOn(rules, target.dateOfBirth, today) && !isJuniorOn(rules, own.dateOfBirth, today)
    );
  }

  private view(rules: MembershipRules, own: Member, m: Member): HouseholdMember {
    const today = this.today();
    const junior = isJuniorOn(rules, m.dateOfBirth, today);
    const editable = this.mayEdit(rules, own, m);
    return {
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      membershipType: m.membershipType,
      status: effectiveStatus(m, today),
      expiryDate: m.expiryDate ?? null,
      isPrimary: m.isPrimary,
      isJunior: junior,
      // Another adult's contact details are theirs to share; the household sees names and standing.
      phone: editable ? (m.phone ?? null) : null,
      address: editable ? (m.address ?? null) : null,
      shirtSize: m.shirtSize ?? null,
      emergencyContact:
        editable && m.emergencyContactName && m.emergencyContactPhone
          ? { name: m.emergencyContactName, phone: m.emergencyContactPhone, relationship: m.emergencyContactRelationship ?? '' }
          : null,
      medicalNotes: editable ? (m.medicalNotes ?? null) : null,
      editable,
    };
  }

  /** The reader's household, the reader first, with each person's standing and what the reader may change. */
  async household(em: EntityManager, actor: Actor): Promise<MyHousehold> {
    const own = await this.own(em, actor);
    const people = await em.find(
      Member,
      { household: own.household, isGuest: false },
      { orderBy: { isPrimary: 'desc', createdAt: 'asc' } },
    );
    people.sort((a, b) => Number(b.id === own.id) - Number(a.id === own.id));
    const pending = await this.deps.emailChange.pending(em, own.id);
    const rules = await this.deps.club.membership(em);
    // A junior the club's prices no longer allow (the household changed since) shows no price: they can be removed.
    const addition = await waitingAddition(em, rules, own, this.today()).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    return {
      people: people.map((m) => this.view(rules, own, m)),
      pendingAddition: addition && {
        memberId: addition.waiting.id,
        name: fullName(addition.waiting),
        amountDue: centsToAmount(addition.price.dueCents),
        until: addition.until,
        becomesFamily: addition.price.becomesFamily,
      },
      pendingEmail: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt, step: pending.step } : null,
    };
  }

  /** Changes one person's details (a repeat of the same values changes and records nothing). */
  async update(
    em: EntityManager,
    actor: Actor,
    input: MyDetailsInput & { phone: string | null; address: string | null; medicalNotes: string | null },
  ) {
    const rules = await this.deps.club.membership(em);
    return em.transactional(async (tem) => {
      const own = await this.own(tem, actor);
      const target = await tem.findOne(Member, { id: input.memberId, isGuest: false });
      if (!target || !this.mayEdit(rules, own, target)) {
        throw new AppError('FORBIDDEN', 'You can change your own details and those of the juniors in your household.');
      }
      const junior = isJuniorOn(rules, target.dateOfBirth, this.today());
      if (!junior && (input.emergencyContact || input.medicalNotes)) {
        throw new AppError('BAD_REQUEST', 'Emergency contacts and medical notes are kept for juniors.', {
          field: input.emergencyContact ? 'emergencyContact' : 'medicalNotes',
        });
      }
      const before = snapshot(target);
      target.phone = input.phone;
      target.address = input.address;
      target.shirtSize = input.shirtSize;
      if (junior && input.emergencyContact !== undefined) {
        target.emergencyContactName = input.emergencyContact?.name ?? null;
        target.emergencyContactPhone = input.emergencyContact?.phone ?? null;
        target.emergencyContactRelationship = input.emergencyContact?.relationship ?? null;
      }
      if (junior) target.medicalNotes = input.medicalNotes;
      const after = snapshot(target);
      if (DETAIL_FIELDS.some((f) => before[f] !== after[f])) {
        recordAudit(tem, {
          actor: actor.user,
          action: own.id === target.id ? 'member.details.self' : 'member.details.household',
          entityType: 'Member',
          entityId: target.id,
          before,
          after,
        });
      }
      await tem.flush();
      return this.view(rules, own, target);
    });
  }

  /**
   * The household's adult adds a junior to their current membership: free while a family membership has room (they
   * are a member at once), otherwise waiting for the difference the club's prices give (payments.createOrder with
   * addMembers). One addition waits at a time; the same junior twice is refused.
   */
  async addJunior(em: EntityManager, actor: Actor, input: AddJuniorRequest): Promise<AddJuniorResult> {
    const today = this.today();
    const rules = await this.deps.club.membership(em);
    return em.transactional(async (tem) => {
      const own = await householdAdult(tem, rules, actor, today);
      const household = await beginHouseholdChange(tem, own.household.id, this.deps.clock.now(), 'member');
      const people = await tem.find(Member, { household, isGuest: false }, { orderBy: { createdAt: 'asc' } });
      const waiting = people.find(isWaitingAddition);
      if (waiting) {
        throw new AppError('CONFLICT', `${fullName(waiting)} is still waiting to be paid for. Pay for them or remove them first.`);
      }
      const sameName = (m: Member) =>
        m.firstName.toLowerCase() === input.firstName.toLowerCase() &&
        m.lastName.toLowerCase() === input.lastName.toLowerCase() &&
        m.dateOfBirth === input.dateOfBirth;
      if (people.some(sameName)) throw new AppError('CONFLICT', `${input.firstName} ${input.lastName} is in your household already.`);
      if (!isJuniorOn(rules, input.dateOfBirth, today)) {
        throw new AppError(
          'BAD_REQUEST',
          `${input.firstName} is ${rules.juniorUnder} or over: adults join the club with a membership of their own.`,
          {
            field: 'dateOfBirth',
          },
        );
      }
      const price = priceAddition(rules, household, people, today);
      if (!price.ok) throw new AppError('BAD_REQUEST', price.message);
      const now = this.deps.clock.now();
      const free = price.dueCents === 0;
      const until = additionExpiry(rules, people, today);
      const junior = tem.create(Member, {
        household,
        isPrimary: false,
        firstName: input.firstName,
        lastName: input.lastName,
        email: null,
        phone: null,
        address: own.address ?? null,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        shirtSize: input.shirtSize,
        membershipType: household.membershipType === 'family' ? 'family' : 'junior',
        status: free ? 'active' : 'pending',
        memberSince: free ? today : null,
        expiryDate: free ? until : null,
        termsAcceptedAt: now,
        codeOfConductAcceptedAt: now,
      });
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.household.addJunior',
        entityType: 'Member',
        entityId: junior.id,
        before: null,
        after: {
          householdId: household.id,
          name: fullName(junior),
          dateOfBirth: junior.dateOfBirth,
          status: junior.status,
          expiryDate: junior.expiryDate ?? null,
          dueCents: price.dueCents,
          addedBy: own.id,
        },
      });
      await tem.flush();
      return {
        memberId: junior.id,
        message: free
          ? `${junior.firstName} is now a member with your family membership, until ${formatAuDate(until)}.`
          : `${junior.firstName} is added to your household. Pay ${formatAud(price.dueCents)} to make them a member until ${formatAuDate(until)}.`,
        amountDue: centsToAmount(price.dueCents),
        until,
        becomesFamily: price.becomesFamily,
      };
    });
  }

  /**
   * The household's adult takes a junior off: one waiting to be paid for is deleted; one who is a member keeps
   * their membership until it ends, in a household of their own, and is no longer renewed with this one.
   */
  async removeJunior(em: EntityManager, actor: Actor, memberId: string): Promise<{ message: string }> {
    const today = this.today();
    const rules = await this.deps.club.membership(em);
    return em.transactional(async (tem) => {
      const own = await householdAdult(tem, rules, actor, today);
      await beginHouseholdChange(tem, own.household.id, this.deps.clock.now(), 'member');
      const junior = await tem.findOne(Member, { id: memberId, household: own.household, isGuest: false });
      if (!junior || junior.id === own.id || !isJuniorOn(rules, junior.dateOfBirth, today)) {
        throw new AppError('FORBIDDEN', 'You can remove only the juniors of your own household.');
      }
      const before = { householdId: own.household.id, status: junior.status, expiryDate: junior.expiryDate ?? null };
      if (isWaitingAddition(junior)) {
        recordAudit(tem, {
          actor: actor.user,
          action: 'member.household.removeWaiting',
          entityType: 'Member',
          entityId: junior.id,
          before,
          after: null,
        });
        tem.remove(junior);
        await tem.flush();
        return { message: `${junior.firstName} is no longer waiting to be added to your household.` };
      }
      // A junior who came with the family's membership leaves it with them; one paid for in their own right keeps theirs.
      const keeps = await paidInOwnRight(tem, junior);
      const ownHousehold = tem.create(Household, { membershipType: 'junior' });
      junior.household = ownHousehold;
      junior.isPrimary = true;
      junior.membershipType = 'junior';
      if (!keeps && junior.status === 'active') {
        junior.status = 'expired';
        junior.expiryDate = addDays(today, -1);
      }
      recordAudit(tem, {
        actor: actor.user,
        action: 'member.household.removeJunior',
        entityType: 'Member',
        entityId: junior.id,
        before,
        after: { householdId: ownHousehold.id, status: junior.status, expiryDate: junior.expiryDate ?? null },
      });
      await tem.flush();
      return { message: removalMessage(junior, keeps) };
    });
  }

  /** The reader's new login e-mail: asks who they are first, and changes once confirmed from the link sent to it. */
  async requestEmailChange(em: EntityManager, actor: Actor, input: MyEmailChangeInput): Promise<EmailChangeResult> {
    const own = await this.own(em, actor);
    return this.deps.emailChange.request(em, actor, { memberId: own.id, ...input });
  }

  async cancelEmailChange(em: EntityManager, actor: Actor): Promise<EmailChangeResult> {
    const own = await this.own(em, actor);
    return this.deps.emailChange.cancel(em, actor, own.id);
  }
}
