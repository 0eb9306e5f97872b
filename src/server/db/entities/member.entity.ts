import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { GENDERS, MEMBER_STATUSES, MEMBERSHIP_TYPES, SHIRT_SIZES } from '../../../shared/membership';
import { Household } from './household.entity';
import { User } from './user.entity';

/** One person in the club. The primary member of a household holds the contact details and the account link. */
const MemberSchema = defineEntity({
  name: 'Member',
  tableName: 'members',
  indexes: [{ properties: ['email'] }, { properties: ['lastName', 'firstName'] }, { properties: ['status', 'expiryDate'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    household: () => p.manyToOne(Household).deleteRule('cascade'),
    user: () => p.manyToOne(User).nullable().unique().deleteRule('set null'),
    isPrimary: p.boolean().default(false),
    firstName: p.string().length(80),
    lastName: p.string().length(80),
    email: p.string().length(254).nullable(),
    phone: p.string().length(40).nullable(),
    address: p.string().length(300).nullable(),
    dateOfBirth: p.date(),
    gender: p.enum(GENDERS).nullable(),
    shirtSize: p.enum(SHIRT_SIZES).nullable(),
    membershipType: p.enum(MEMBERSHIP_TYPES),
    status: p.enum(MEMBER_STATUSES).default('pending'),
    memberSince: p.date().nullable(),
    expiryDate: p.date().nullable(),
    termsAcceptedAt: p.datetime().nullable(),
    codeOfConductAcceptedAt: p.datetime().nullable(),
    /** The club documents accepted on the join form: which, which version, when. */
    documentsAccepted: p.json<{ id: string; version: string; acceptedAt: string }[]>().nullable(),
    /** The last day (club time) of a suspension by the committee: no entering events or logging catches until then. */
    suspendedUntil: p.date().nullable(),
    suspendedReason: p.string().length(300).nullable(),
    suspendedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /**
     * A non-member who entered one competition (a guest): a household of their own, never primary, never a
     * membership (status stays 'pending' with no expiry), so every membership rule refuses them; entry-gate.
     */
    isGuest: p.boolean().default(false),
    /** A junior's emergency contact and medical notes, kept by the household's adult and shown at the sign-on desk. */
    emergencyContactName: p.string().length(120).nullable(),
    emergencyContactPhone: p.string().length(40).nullable(),
    emergencyContactRelationship: p.string().length(60).nullable(),
    medicalNotes: p.string().length(1000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Member extends MemberSchema.class {}
MemberSchema.setClass(Member);
