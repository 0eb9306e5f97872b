import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday, formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { MemberPaymentState, MemberPaymentView } from '../../shared/member-payments.schema';
import { centsToAmount, membershipLabels, type MembershipRules } from '../../shared/membership';
import { PAYMENT_METHOD_LABELS } from '../../shared/payments';
import type { Clock } from '../clock';
import { Member, Payment } from '../db/entities';
import { requireUser, type Actor } from '../platform/actor';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { CmsService } from '../content/cms.service';
import { renderReceiptPdf, type ReceiptDocument } from './receipt-pdf';

export interface MemberPaymentsDeps {
  clock: Clock;
  cms: CmsService;
  /** The club's name, ABN and GST standing, as its receipts print them. */
  club: ClubSettingsService;
}

/** Said for a payment that is not the caller's household's, and for one that does not exist: the two read the same. */
const NOT_YOURS = 'That payment is not one of your household’s.';
/** What a member's history lists: money that moved or is on its way (abandoned and replaced orders are left out). */
const LISTED = ['completed', 'pending', 'refunded', 'declined', 'failed'] as const;

/** Where a receipt is downloaded (a member's own session; see rest/member-payments.rest.ts). */
export const receiptPath = (paymentId: string) => `/api/members/payments/${paymentId}/receipt.pdf`;

/**
 * A member's payments: their household's membership fees and the entry fees of anyone in their household, with
 * refunds, and a PDF receipt (a tax invoice once the club is registered for GST) for each payment received.
 */
export class MemberPaymentsService {
  constructor(private readonly deps: MemberPaymentsDeps) {}

  /** Newest first; refunds as rows of their own, beside the payment they return money from. */
  async history(em: EntityManager, actor: Actor): Promise<MemberPaymentView[]> {
    const own = await this.ownMember(em, actor);
    if (!own) return [];
    const payments = await this.householdPayments(em, own);
    return payments
      .sort((a, b) => this.dateOf(b).getTime() - this.dateOf(a).getTime())
      .map((p) => ({
        id: p.id,
        date: this.dateOf(p).toISOString(),
        description: p.description,
        amount: centsToAmount(p.amountCents),
        state: stateOf(p),
        method: p.method ? PAYMENT_METHOD_LABELS[p.method] : null,
        receiptUrl: hasReceipt(p) ? receiptPath(p.id) : null,
      }));
  }

  /** The receipt of a payment the caller's household made; another household's reads as one that does not exist. */
  async receipt(em: EntityManager, actor: Actor, paymentId: string): Promise<{ fileName: string; pdf: Buffer }> {
    const own = await this.ownMember(em, actor);
    const payment = own ? (await this.householdPayments(em, own, paymentId))[0] : undefined;
    if (!own || !payment || payment.refundOf) throw new AppError('NOT_FOUND', NOT_YOURS);
    if (!hasReceipt(payment)) throw new AppError('CONFLICT', 'A receipt is made once the payment has been received.');
    const [club, rules, address, email] = await Promise.all([
      this.deps.club.profile(em),
      this.deps.club.membership(em),
      this.deps.cms.settingValue(em, 'club_address'),
      this.deps.cms.contactEmail(em),
    ]);
    const refunds = await em.find(Payment, { refundOf: payment, status: 'completed' }, { orderBy: { capturedAt: 'asc' } });
    const billTo = await this.billTo(em, payment, own);
    const number = receiptNumber(payment);
    const document: ReceiptDocument = {
      club,
      address,
      email,
      number,
      date: formatAuDate(clubToday(this.dateOf(payment))),
      billTo,
      items: itemsOf(rules, payment, await this.namesOf(em, payment)),
      totalCents: payment.amountCents,
      paidWith: payment.method ? PAYMENT_METHOD_LABELS[payment.method] : null,
      reference: payment.reference ?? payment.providerCaptureId ?? null,
      refunds: refunds.map((r) => ({ date: formatAuDate(clubToday(this.dateOf(r))), amountCents: -r.amountCents })),
    };
    return { fileName: `receipt-${number}`, pdf: await renderReceiptPdf(document) };
  }

  private async ownMember(em: EntityManager, actor: Actor): Promise<Member | null> {
    return em.findOne(Member, { user: requireUser(actor) });
  }

  /**
   * The household's payments (or the one with `onlyId`): membership payments made for the household, entry-fee
   * payments for entries of anyone in it, and the refunds of either.
   */
  private async householdPayments(em: EntityManager, own: Member, onlyId?: string): Promise<Payment[]> {
    const people = (await em.find(Member, { household: own.household }, { fields: ['id'] })).map((m) => m.id);
    const list = (values: readonly unknown[]) => values.map(() => '?').join(', ');
    const rows = await em.execute<{ id: string }[]>(
      `select p.id from payments p
        left join payments o on o.id = p.refund_of_id
        where p.status in (${list(LISTED)})
          ${onlyId ? 'and p.id = ?' : ''}
          and exists (
            select 1 from payments x
             where x.id = coalesce(o.id, p.id)
               and ((x.kind = 'membership' and x.household_id = ?)
                 or (x.kind = 'event' and exists (
                   select 1 from jsonb_array_elements(coalesce(x.entries, '[]'::jsonb)) e where e->>'memberId' in (${list(people)}))))
          )`,
      [...LISTED, ...(onlyId ? [onlyId] : []), own.household.id, ...people],
    );
    if (!rows.length) return [];
    return em.find(Payment, { id: { $in: rows.map((r) => r.id) } }, { populate: ['refundOf', 'event'] });
  }

  /** The household's primary member (who the club's accounts name), or the payee the payment recorded. */
  private async billTo(em: EntityManager, payment: Payment, own: Member): Promise<ReceiptDocument['billTo']> {
    const primary = (await em.findOne(Member, { household: own.household, isPrimary: true })) ?? own;
    const name = payment.payee?.trim() || `${primary.firstName} ${primary.lastName}`;
    return { name, address: primary.address ?? null };
  }

  /** Who a membership payment covered, by id; an entry payment carries its entrants' names itself. */
  private async namesOf(em: EntityManager, payment: Payment): Promise<Map<string, string>> {
    const ids = payment.covers?.members.map((m) => m.id) ?? [];
    const members = ids.length ? await em.find(Member, { id: { $in: ids } }, { fields: ['id', 'firstName', 'lastName'] }) : [];
    return new Map(members.map((m) => [m.id, `${m.firstName} ${m.lastName}`]));
  }

  private dateOf(p: Payment): Date {
    return p.capturedAt ?? p.createdAt;
  }
}

function stateOf(p: Payment): MemberPaymentState {
  if (p.refundOf || p.amountCents < 0) return 'refund';
  if (p.status === 'pending') return 'pending';
  if (p.status === 'declined' || p.status === 'failed') return 'failed';
  if (p.status === 'refunded' || (p.refundedCents > 0 && p.refundedCents >= p.amountCents)) return 'refunded';
  if (p.refundedCents > 0) return 'part_refunded';
  return 'paid';
}

/** Money received (also if some or all of it was returned later: the receipt says so). */
const hasReceipt = (p: Payment) => !p.refundOf && p.amountCents > 0 && p.status === 'completed';

/** Stable and short: the day the money came and the start of the payment's id ('20261205-1A2B3C4D'). */
export const receiptNumber = (p: Payment) =>
  `${clubToday(p.capturedAt ?? p.createdAt).replace(/-/g, '')}-${p.id.slice(0, 8).toUpperCase()}`;

/**
 * The lines of a receipt: each person and membership type a membership payment covered (at the club's fees), each
 * entry an entry fee paid for. When the lines do not add up to what was paid (the fees changed since, a part
 * payment), one line says what for: a receipt never shows another amount than the payment's.
 */
function itemsOf(rules: MembershipRules, p: Payment, names: Map<string, string>): ReceiptDocument['items'] {
  const whole = [{ description: p.description, amountCents: p.amountCents }];
  if (p.kind === 'event' && p.entries?.length && p.event?.name) {
    const items = p.entries.map((e) => ({ description: `Entry: ${p.event!.name} (${e.name})`, amountCents: e.feeCents }));
    return items.reduce((sum, i) => sum + i.amountCents, 0) === p.amountCents ? items : whole;
  }
  if (p.kind === 'membership' && p.covers) {
    if (p.covers.householdType === 'family') return [{ description: p.description, amountCents: p.amountCents }];
    const labels = membershipLabels(rules);
    const items = p.covers.members.map((m) => ({
      description: `${labels[m.membershipType]} membership${names.has(m.id) ? `: ${names.get(m.id)}` : ''}`,
      amountCents: rules.feesCents[m.membershipType],
    }));
    return items.reduce((sum, i) => sum + i.amountCents, 0) === p.amountCents ? items : whole;
  }
  return whole;
}
