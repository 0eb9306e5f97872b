import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  ACTIVE_NEEDS_EXPIRY_MESSAGE,
  type AdminMemberRow,
  type MemberPage,
  type MemberSearch,
  type MemberUpdate,
} from '../../shared/admin.schema';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { MEMBERSHIP_LABELS } from '../../shared/membership';
import type { Clock } from '../clock';
import { Member } from '../db/entities';
import type { AdminService } from './admin.service';
import { recordAudit } from './audit.service';
import type { Actor } from './actor';
import { CSV_BOM, csvLine } from './csv';
import { currentMemberWhere, effectiveStatus, expiredMemberWhere, expiringMemberWhere, isSuspended } from './member-status';

export interface AdminMembersDeps {
  clock: Clock;
  admin: AdminService;
}

const EXPORT_BATCH = 1000;

/** The committee's member list: search, filters, sorting and pages run in the database. */
export class AdminMembersService {
  constructor(private readonly deps: AdminMembersDeps) {}

  private where(input: Pick<MemberSearch, 'search' | 'type' | 'status'>): FilterQuery<Member> {
    const today = clubToday(this.deps.clock.now());
    // Guests (non-members who entered one competition) are on the sign-on desk's lists, not the members list.
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
    const [members, total] = await em.findAndCount(Member, this.where(input), {
      populate: ['user'],
      orderBy: this.orderBy(input),
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    const today = clubToday(this.deps.clock.now());
    return { rows: members.map((m) => this.row(m, today)), total, page: input.page, pageSize: input.pageSize };
  }

  /** The committee's edit: profile, status, expiry and (for members with an account) role; audited. */
  async update(em: EntityManager, actor: Actor, input: MemberUpdate): Promise<AdminMemberRow> {
    const member = await em.findOne(Member, { id: input.id }, { populate: ['user'] });
    if (!member) throw new AppError('NOT_FOUND', 'That member does not exist.');
    if (input.status === 'active' && !input.expiryDate)
      throw new AppError('BAD_REQUEST', ACTIVE_NEEDS_EXPIRY_MESSAGE, { field: 'expiryDate' });
    const today = clubToday(this.deps.clock.now());
    const before = this.row(member, today);
    em.assign(member, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      address: input.address,
      status: input.status,
      expiryDate: input.expiryDate,
      memberSince: member.memberSince ?? (input.status === 'active' ? today : null),
    });
    if (input.role && input.role !== (member.user?.role ?? null)) {
      if (!member.user) throw new AppError('BAD_REQUEST', 'This member has no account, so a role cannot be set.', { field: 'role' });
      if (member.user.id === actor.user?.id && input.role !== 'admin')
        throw new AppError('BAD_REQUEST', 'You cannot remove your own administrator role.', { field: 'role' });
      await this.deps.admin.setRole(em, { user: actor.user, label: actor.user?.email ?? 'admin' }, member.user.email, input.role);
    }
    const after = this.row(member, today);
    recordAudit(em, { actor: actor.user, action: 'member.update', entityType: 'Member', entityId: member.id, before, after });
    await em.flush();
    return after;
  }

  /** The whole filtered list as CSV, written in batches (keyset pages), never all rows in memory at once. */
  async *exportCsv(em: EntityManager, input: Pick<MemberSearch, 'search' | 'type' | 'status'>): AsyncGenerator<string> {
    const today = clubToday(this.deps.clock.now());
    yield (
      CSV_BOM + csvLine(['First name', 'Last name', 'Email', 'Phone', 'Address', 'Type', 'Status', 'Member since', 'Expiry', 'Primary'])
    );
    const where = this.where(input);
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
            MEMBERSHIP_LABELS[m.membershipType],
            effectiveStatus(m, today),
            m.memberSince,
            m.expiryDate,
            m.isPrimary ? 'yes' : 'no',
          ]),
        )
        .join('');
      after = batch[batch.length - 1].id;
      em.clear();
    }
  }

  private row(m: Member, today: string): AdminMemberRow {
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
    };
  }
}
