import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../src/server/db/entities';
import { memberChoiceLabel, nameHints, peopleLine, suburbOf } from '../../src/shared/member-names';
import { successBody } from '../support/answers';
import { createMember } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

describe('a line naming the people a payment covers', () => {
  const p = (firstName: string, lastName: string) => ({ firstName, lastName });

  it('says a shared surname once, after the first names', () => {
    expect(peopleLine([p('Ben', 'Taylor'), p('Lachlan', 'Taylor'), p('Mia', 'Taylor')])).toBe('Ben, Lachlan and Mia Taylor');
    expect(peopleLine([p('Ben', 'Taylor'), p('Mia', 'taylor')])).toBe('Ben and Mia Taylor');
  });

  it('names everyone in full when the surnames differ, and one person by their name', () => {
    expect(peopleLine([p('Ben', 'Taylor'), p('Mia', 'Taylor'), p('Sam', 'Jones')])).toBe('Ben Taylor, Mia Taylor and Sam Jones');
    expect(peopleLine([p(' Jane ', 'Citizen ')])).toBe('Jane Citizen');
    expect(peopleLine([])).toBe('');
  });
});

describe('telling namesakes apart', () => {
  it('reads the suburb at the end of an Australian address', () => {
    expect(suburbOf('12 River St, Tweed Heads South NSW 2486')).toBe('Tweed Heads South');
    expect(suburbOf('4/9 Marine Pde,\nKingscliff, NSW 2487')).toBe('Kingscliff');
    expect(suburbOf('PO Box 12')).toBeNull();
    expect(suburbOf(null)).toBeNull();
  });

  it("names the suburb where it tells them apart, the year of birth where not, and 'you' for the reader", () => {
    const casey = (id: string, address: string, dateOfBirth: string) => ({
      id,
      firstName: 'Casey',
      lastName: 'Newman',
      address,
      dateOfBirth,
    });
    const bySuburb = nameHints([
      casey('a', '1 Main St, Kingscliff NSW 2487', '1984-02-01'),
      casey('b', '2 Wharf St, Tweed Heads NSW 2485', '2012-03-04'),
    ]);
    expect([...bySuburb.values()]).toEqual(['Kingscliff', 'Tweed Heads']);
    const sameSuburb = nameHints(
      [
        casey('a', '1 Main St, Kingscliff NSW 2487', '1984-02-01'),
        casey('b', '3 Main St, Kingscliff NSW 2487', '2012-03-04'),
        { id: 'c', firstName: 'Mia', lastName: 'Fisher' },
      ],
      'b',
    );
    expect(Object.fromEntries(sameSuburb)).toEqual({ a: 'born 1984', b: 'you', c: null });
    expect(memberChoiceLabel({ firstName: 'Casey', lastName: 'Newman', hint: 'born 1984' })).toBe('Casey Newman (born 1984)');
    expect(memberChoiceLabel({ firstName: 'Mia', lastName: 'Fisher', hint: null })).toBe('Mia Fisher');
  });
});

describe('the members list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('tells three members of the same name apart in the app, and keeps the documented REST shape', async () => {
    const reader = await createMember(t, { firstName: 'Casey', lastName: 'Newman' });
    const other = await createMember(t, { firstName: 'Casey', lastName: 'Newman', dateOfBirth: '1975-06-07' });
    const junior = await createMember(t, { firstName: 'Casey', lastName: 'Newman', membershipType: 'junior' });
    const em = t.em();
    await em.nativeUpdate(Member, { id: other.memberId }, { address: '8 Ocean Pde, Pottsville NSW 2489' });
    await em.nativeUpdate(Member, { id: junior.memberId }, { address: '3 Beach Rd, Hastings Point NSW 2489' });
    await em.nativeUpdate(Member, { id: reader.memberId }, { address: '1 River St, Murwillumbah NSW 2484' });

    const list = await reader.client.trpc.members.list.query();
    const caseys = list
      .filter((m) => m.firstName === 'Casey')
      .map(memberChoiceLabel)
      .sort();
    expect(caseys).toEqual(['Casey Newman (Hastings Point)', 'Casey Newman (Pottsville)', 'Casey Newman (you)']);

    const rest = await reader.client.json('GET', '/api/members');
    expect(rest.status).toBe(200);
    for (const row of successBody(rest)) expect(Object.keys(row).sort()).toEqual(['firstName', 'id', 'lastName']);
  });
});
