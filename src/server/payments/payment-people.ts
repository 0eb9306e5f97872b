import type { EntityManager } from '@mikro-orm/postgresql';
import { peopleLine } from '../../shared/member-names';
import type { PaymentCovers, PaymentEntries } from '../db/entities';

/** What a payment records about whom it was for: the members of a membership, the entrants of entry fees. */
export interface CoveredPeople {
  covers?: PaymentCovers | null;
  entries?: PaymentEntries | null;
}

type Name = { firstName: string; lastName: string };

/** 'Sam Angler' → Sam / Angler: an entrant whose member record is gone is named as the entry recorded them. */
const splitName = (name: string): Name => {
  const at = name.trim().lastIndexOf(' ');
  return at < 0 ? { firstName: name.trim(), lastName: '' } : { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1) };
};

/**
 * The people each payment covers as one line ('Ben, Lachlan and Mia Taylor'), in the order given; null for a
 * payment that covers no one by name (a sponsorship). Read from the payment's own record of whom it was priced
 * for, so rows written before descriptions named people say it too. One query for the whole list.
 */
export async function coveringLines(em: EntityManager, payments: CoveredPeople[]): Promise<(string | null)[]> {
  const ids = [
    ...new Set(payments.flatMap((p) => [...(p.covers?.members ?? []).map((m) => m.id), ...(p.entries ?? []).map((e) => e.memberId)])),
  ];
  const rows = ids.length
    ? await em
        .getConnection()
        .execute<{ id: string; first_name: string; last_name: string }[]>(
          `select id, first_name, last_name from members where id in (${ids.map(() => '?').join(', ')})`,
          ids,
        )
    : [];
  const names = new Map<string, Name>(rows.map((r) => [r.id, { firstName: r.first_name, lastName: r.last_name }]));
  return payments.map((p) => {
    const people: Name[] = [
      ...(p.covers?.members ?? []).flatMap((m) => names.get(m.id) ?? []),
      ...(p.entries ?? []).map((e) => names.get(e.memberId) ?? splitName(e.name)),
    ];
    return people.length ? peopleLine(people) : null;
  });
}

/** One payment's line (see coveringLines). */
export async function coveringLine(em: EntityManager, payment: CoveredPeople): Promise<string | null> {
  return (await coveringLines(em, [payment]))[0];
}
