import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { HouseholdMember, MyDetailsInput, MyHousehold } from '../../shared/member-details.schema';
import type { EmailChangeResult } from '../../shared/member-records.schema';
import { isJuniorOn } from '../../shared/membership';
import type { Clock } from '../clock';
import { Member } from '../db/entities';
import { recordAudit } from './audit.service';
import type { Actor } from './actor';
import type { EmailChangeService } from './email-change.service';
import { effectiveStatus } from './member-status';

export interface MemberDetailsDeps {
  clock: Clock;
  emailChange: EmailChangeService;
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
  private mayEdit(own: Member, target: Member): boolean {
    if (own.id === target.id) return true;
    const today = this.today();
    return target.household.id === own.household.id && isJuniorOn(target.dateOfBirth, today) && !isJuniorOn(own.dateOfBirth, today);
  }

  private view(own: Member, m: Member): HouseholdMember {
    const today = this.today();
    const junior = isJuniorOn(m.dateOfBirth, today);
    const editable = this.mayEdit(own, m);
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
    return {
      people: people.map((m) => this.view(own, m)),
      pendingEmail: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt } : null,
    };
  }

  /** Changes one person's details (a repeat of the same values changes and records nothing). */
  async update(
    em: EntityManager,
    actor: Actor,
    input: MyDetailsInput & { phone: string | null; address: string | null; medicalNotes: string | null },
  ) {
    return em.transactional(async (tem) => {
      const own = await this.own(tem, actor);
      const target = await tem.findOne(Member, { id: input.memberId, isGuest: false });
      if (!target || !this.mayEdit(own, target)) {
        throw new AppError('FORBIDDEN', 'You can change your own details and those of the juniors in your household.');
      }
      const junior = isJuniorOn(target.dateOfBirth, this.today());
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
      return this.view(own, target);
    });
  }

  /** The reader's new login e-mail: changes once confirmed from the link sent to it. */
  async requestEmailChange(em: EntityManager, actor: Actor, email: string): Promise<EmailChangeResult> {
    const own = await this.own(em, actor);
    return this.deps.emailChange.request(em, actor, { memberId: own.id, email });
  }

  async cancelEmailChange(em: EntityManager, actor: Actor): Promise<EmailChangeResult> {
    const own = await this.own(em, actor);
    return this.deps.emailChange.cancel(em, actor, own.id);
  }
}
