/**
 * How a list of members tells apart people with the same name (three 'Casey Newman's in a select): by suburb where
 * their addresses give different ones, otherwise by year of birth; the reader's own record says 'you'.
 */

export interface NamedMember {
  id: string;
  firstName: string;
  lastName: string;
  /** The street address as typed ('12 River St, Riverside NSW 2480'), if known. */
  address?: string | null;
  dateOfBirth?: string | null;
}

/** 'Riverside' from '12 River St, Riverside NSW 2480'; null when the address has no recognisable suburb. */
export function suburbOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  // The suburb is the last part once the state and postcode are taken off ('Riverside, NSW 2480' has them apart).
  for (let i = parts.length - 1; i >= 1; i -= 1) {
    const suburb = parts[i]
      .replace(/\b\d{4}\b/g, '')
      .replace(/\b(NSW|QLD|VIC|TAS|SA|WA|NT|ACT)\b/gi, '')
      .trim();
    if (suburb) return /^[a-z][a-z' .-]*$/i.test(suburb) ? suburb : null;
  }
  return null;
}

const nameKey = (m: NamedMember) => `${m.firstName} ${m.lastName}`.trim().toLowerCase();

/** The hint beside each member's name, by id: 'you', a suburb, 'born 1984', or nothing when the name is unique. */
export function nameHints(members: NamedMember[], ownId?: string | null): Map<string, string | null> {
  const groups = new Map<string, NamedMember[]>();
  for (const m of members) groups.set(nameKey(m), [...(groups.get(nameKey(m)) ?? []), m]);
  const hints = new Map<string, string | null>();
  for (const group of groups.values()) {
    const suburbs = group.map((m) => suburbOf(m.address));
    const suburbsTellApart = suburbs.every(Boolean) && new Set(suburbs.map((s) => s!.toLowerCase())).size === group.length;
    group.forEach((m, i) => {
      if (m.id === ownId) hints.set(m.id, 'you');
      else if (group.length === 1) hints.set(m.id, null);
      else if (suburbsTellApart) hints.set(m.id, suburbs[i]);
      else hints.set(m.id, m.dateOfBirth ? `born ${m.dateOfBirth.slice(0, 4)}` : suburbs[i]);
    });
  }
  return hints;
}

/** 'Casey Newman (Kingscliff)', 'Mia Fisher (you)' or just the name. */
export const memberChoiceLabel = (m: { firstName: string; lastName: string; hint?: string | null }) =>
  `${m.firstName} ${m.lastName}`.trim() + (m.hint ? ` (${m.hint})` : '');

/** 'Ben', 'Ben and Mia', 'Ben, Lachlan and Mia'. */
const andList = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The people a payment covers as one line a person reads: 'Ben, Lachlan and Mia Taylor' when they share a surname
 * (said once), 'Ben Taylor and Sam Jones' when not (a shared surname said once would be read as everyone's).
 */
export function peopleLine(people: { firstName: string; lastName: string }[]): string {
  const named = people.map((p) => ({ first: p.firstName.trim(), last: p.lastName.trim() })).filter((p) => p.first || p.last);
  if (!named.length) return '';
  const surname = named[0].last.toLowerCase();
  const shared = named.length > 1 && named.every((p) => p.last.toLowerCase() === surname && p.first);
  if (shared) return `${andList(named.map((p) => p.first))} ${named[0].last}`.trim();
  return andList(named.map((p) => `${p.first} ${p.last}`.trim()));
}
