import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Household, Member } from '../../src/server/db/entities';
import {
  currentMemberSql,
  currentMemberWhere,
  effectiveStatus,
  effectiveStatusSql,
  expiredMemberSql,
  expiredMemberWhere,
  isCurrentMember,
} from '../../src/server/membership/member-status';
import { addDays } from '../../src/shared/dates';
import { startTestApp, type TestApp } from '../support/test-app';

const today = '2026-11-21';
/** Every kind of record: pending, active (paid to today, later, yesterday, or without an expiry) and expired. */
const RECORDS = [
  { name: 'pending', status: 'pending', expiryDate: null },
  { name: 'paid to today', status: 'active', expiryDate: today },
  { name: 'paid to next year', status: 'active', expiryDate: addDays(today, 365) },
  { name: 'lapsed yesterday', status: 'active', expiryDate: addDays(today, -1) },
  { name: 'active, no expiry', status: 'active', expiryDate: null },
  { name: 'marked expired', status: 'expired', expiryDate: addDays(today, -30) },
] as const;

describe('is this member current? (the row rule)', () => {
  it('is current only when active and paid up to the day; a record without an expiry is not paid up to any day', () => {
    expect(Object.fromEntries(RECORDS.map((r) => [r.name, isCurrentMember(r, today)]))).toEqual({
      pending: false,
      'paid to today': true,
      'paid to next year': true,
      'lapsed yesterday': false,
      'active, no expiry': false,
      'marked expired': false,
    });
    expect(Object.fromEntries(RECORDS.map((r) => [r.name, effectiveStatus(r, today)]))).toEqual({
      pending: 'pending',
      'paid to today': 'active',
      'paid to next year': 'active',
      'lapsed yesterday': 'expired',
      'active, no expiry': 'expired',
      'marked expired': 'expired',
    });
  });
});

describe('the query forms of the rule agree with the row rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const em = t.em();
    for (const r of RECORDS) {
      em.create(Member, {
        household: em.create(Household, { membershipType: 'adult' }),
        isPrimary: true,
        firstName: r.name,
        lastName: 'Status',
        email: null,
        phone: null,
        address: null,
        dateOfBirth: '1980-01-01',
        gender: null,
        shirtSize: null,
        membershipType: 'adult',
        status: r.status,
        memberSince: r.status === 'pending' ? null : '2025-01-01',
        expiryDate: r.expiryDate,
        termsAcceptedAt: null,
        codeOfConductAcceptedAt: null,
      });
    }
    await em.flush();
  });
  afterAll(() => t?.close());

  const names = (members: { firstName: string }[]) => members.map((m) => m.firstName).sort();

  it('finds the current and the expired members the row rule names', async () => {
    const em = t.em();
    const expected = (status: string) =>
      RECORDS.filter((r) => effectiveStatus(r, today) === status)
        .map((r) => r.name)
        .sort();
    expect(names(await em.find(Member, { $and: [{ lastName: 'Status' }, currentMemberWhere(today)] }))).toEqual(expected('active'));
    expect(names(await em.find(Member, { $and: [{ lastName: 'Status' }, expiredMemberWhere(today)] }))).toEqual(expected('expired'));
  });

  it('reads the same status in SQL', async () => {
    const rows = await t
      .em()
      .getConnection()
      .execute<{ first_name: string; status: string }[]>(
        `select first_name, ${effectiveStatusSql('?')} as status from members where last_name = 'Status'`,
        [today],
      );
    expect(Object.fromEntries(rows.map((r) => [r.first_name, r.status]))).toEqual(
      Object.fromEntries(RECORDS.map((r) => [r.name, effectiveStatus(r, today)])),
    );
  });

  it('finds the current and the expired members in SQL as the row rule names them', async () => {
    const sql = (condition: string) =>
      t
        .em()
        .getConnection()
        .execute<{ first_name: string }[]>(`select first_name from members m where last_name = 'Status' and ${condition}`, [today]);
    const expected = (status: string) =>
      RECORDS.filter((r) => effectiveStatus(r, today) === status)
        .map((r) => r.name)
        .sort();
    expect((await sql(currentMemberSql('?', 'm'))).map((r) => r.first_name).sort()).toEqual(expected('active'));
    expect((await sql(expiredMemberSql('?', 'm'))).map((r) => r.first_name).sort()).toEqual(expected('expired'));
  });
});
