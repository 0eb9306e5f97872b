import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { CardCheck, MemberCards, MemberCardView } from '../../shared/member-card.schema';
import type { Clock } from '../clock';
import { Member, MemberCard, type User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import { effectiveStatus, isCurrentMember, isSuspended } from './member-status';
import { deriveCode, hashCode, looksLikeCode } from '../platform/private-codes';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';

export interface MemberCardDeps {
  clock: Clock;
  publicUrl: string;
  rateRules: RateRules;
  /** The site's secret, from which each card's code is derived (private-codes.ts). */
  secret: string;
}

const NOT_YOURS = 'You can see the cards of your own household only.';

/**
 * Membership cards: one per member who has ever paid, shown in the portal (kept on the phone for use without
 * signal) with a QR code of `/verify/<code>`; the committee's phone camera opens that page, which says whether the
 * card's holder is a current member and gives their name, nothing else.
 */
export class MemberCardService {
  constructor(private readonly deps: MemberCardDeps) {}

  private today() {
    return clubToday(this.deps.clock.now());
  }

  private code(card: MemberCard) {
    return deriveCode(this.deps.secret, 'member-card', card.id, card.serial);
  }

  /** The caller's card and their household's, made on first sight; pending registrations (never paid) have none. */
  async mine(em: EntityManager, actor: Actor): Promise<MemberCards> {
    const user = requireUser(actor);
    const own = await em.findOne(Member, { user });
    if (!own) return { cards: [] };
    const household = await em.find(
      Member,
      { household: own.household, isGuest: false, memberSince: { $ne: null } },
      { orderBy: { isPrimary: 'desc', createdAt: 'asc' } },
    );
    const people = [...household.filter((m) => m.id === own.id), ...household.filter((m) => m.id !== own.id)];
    const cards: MemberCardView[] = [];
    for (const member of people) cards.push(this.view(member, await this.cardOf(em, member), member.id === own.id));
    return { cards };
  }

  /** A new code for a card (a phone lost, a screenshot shared): the old one stops verifying at once. Audited. */
  async reissue(em: EntityManager, actor: Actor, input: { memberId: string }): Promise<MemberCardView> {
    const user = requireUser(actor);
    const { own, member } = await this.householdMember(em, user, input.memberId);
    const card = await this.cardOf(em, member);
    const before = { serial: card.serial, issuedAt: card.issuedAt.toISOString() };
    card.serial += 1;
    card.codeHash = hashCode(this.code(card));
    card.issuedAt = this.deps.clock.now();
    recordAudit(em, {
      actor: user,
      action: 'card.reissue',
      entityType: 'Member',
      entityId: member.id,
      before,
      after: { serial: card.serial, issuedAt: card.issuedAt.toISOString() },
    });
    await em.flush();
    return this.view(member, card, member.id === own.id);
  }

  /**
   * What /verify/<code> shows, to anyone (rate limited per address). Every code gets the same shape of answer;
   * one the club never issued, or has replaced, reads exactly as a lapsed card without a name.
   */
  async verify(em: EntityManager, actor: Actor, input: { code: string }): Promise<CardCheck> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.cardVerifyPerIp, actor.ip);
    const checkedAt = this.deps.clock.now().toISOString();
    const code = input.code.trim();
    const card = looksLikeCode('member-card', code)
      ? await em.findOne(MemberCard, { codeHash: hashCode(code) }, { populate: ['member'] })
      : null;
    if (!card) return { current: false, name: null, checkedAt };
    const member = card.member;
    const today = this.today();
    return {
      current: isCurrentMember(member, today) && !isSuspended(member, today),
      name: `${member.firstName} ${member.lastName}`,
      checkedAt,
    };
  }

  private async householdMember(em: EntityManager, user: User, memberId: string) {
    const own = await em.findOne(Member, { user });
    const member = own ? await em.findOne(Member, { id: memberId, household: own.household, isGuest: false }) : null;
    if (!own || !member) throw new AppError('NOT_FOUND', NOT_YOURS);
    if (!member.memberSince)
      throw new AppError('BAD_REQUEST', 'A card is issued once the membership has been paid.', { field: 'memberId' });
    return { own, member };
  }

  /** The member's card, made now if they have none; one whose code no longer matches the site's secret gets a new code. */
  private async cardOf(em: EntityManager, member: Member): Promise<MemberCard> {
    let card = await em.findOne(MemberCard, { member });
    if (!card) {
      // Two first views at once (the phone and the computer) both get here: one insert wins, both read it.
      const id = randomUUID();
      await em.execute(
        `insert into member_cards (id, member_id, serial, code_hash, issued_at) values (?, ?, 1, ?, ?) on conflict (member_id) do nothing`,
        [id, member.id, hashCode(deriveCode(this.deps.secret, 'member-card', id, 1)), this.deps.clock.now()],
      );
      card = await em.findOneOrFail(MemberCard, { member });
    }
    // The site's secret was changed since: the stored hash no longer matches any code the portal can show.
    if (card.codeHash !== hashCode(this.code(card))) {
      card.serial += 1;
      card.codeHash = hashCode(this.code(card));
      card.issuedAt = this.deps.clock.now();
      await em.flush();
    }
    return card;
  }

  private view(member: Member, card: MemberCard, own: boolean): MemberCardView {
    const today = this.today();
    return {
      memberId: member.id,
      own,
      name: `${member.firstName} ${member.lastName}`,
      membershipType: member.membershipType,
      status: effectiveStatus(member, today),
      memberSince: member.memberSince ?? null,
      expiryDate: member.expiryDate ?? null,
      suspendedUntil: isSuspended(member, today) ? member.suspendedUntil! : null,
      verifyUrl: `${this.deps.publicUrl}/verify/${this.code(card)}`,
      issuedAt: card.issuedAt.toISOString(),
    };
  }
}
