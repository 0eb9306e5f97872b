import { z } from 'zod';
import { AUTH_LIMITS } from './auth.constants';
import { emailSchema, nameSchema, optionalText } from './auth.schema';
import { GENDERS, MEMBER_STATUSES, MEMBERSHIP_TYPES, SHIRT_SIZES } from './membership';
import { birthDateSchema, phoneSchema } from './members.schema';

// What members keep up to date themselves (the portal's profile tab): their contact details and shirt size, and
// for the household's juniors an emergency contact and medical notes that the sign-on desk shows on competition day.

/** Whom to call about a junior on the day when the household's adult cannot be reached. */
export const emergencyContact = z.object({
  name: optionalText('Emergency contact name', 120).refine((v) => v !== null, 'Please enter the emergency contact’s name.'),
  phone: phoneSchema,
  relationship: optionalText('Relationship', 60).refine((v) => v !== null, 'Please say how they are related (aunt, neighbour...).'),
});
export type EmergencyContact = { name: string; phone: string; relationship: string };

export const myDetailsInput = z.object({
  /** The member's own record, or a junior of their household. */
  memberId: z.uuid({ error: 'That is not a valid member id.' }),
  phone: optionalText('Phone number', 40).refine(
    (v) => v === null || phoneSchema.safeParse(v).success,
    'Please enter a valid phone number.',
  ),
  address: optionalText('Address', 300),
  shirtSize: z.enum(SHIRT_SIZES, { error: 'Please choose a shirt size.' }).nullable(),
  /** Juniors only; null takes it away. */
  emergencyContact: emergencyContact.nullable().optional(),
  /** Juniors only: allergies, asthma, medicines the desk should know of. */
  medicalNotes: optionalText('Medical notes', 1000),
});
export type MyDetailsInput = z.input<typeof myDetailsInput>;

/** One person of the member's household as the portal shows them. */
export const householdMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  status: z.enum(MEMBER_STATUSES),
  expiryDate: z.string().nullable(),
  isPrimary: z.boolean(),
  isJunior: z.boolean(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  shirtSize: z.enum(SHIRT_SIZES).nullable(),
  emergencyContact: z.object({ name: z.string(), phone: z.string(), relationship: z.string() }).nullable(),
  medicalNotes: z.string().nullable(),
  /** The reader may change this person's details (themselves, or a junior of the household they are the adult of). */
  editable: z.boolean(),
});
export type HouseholdMember = z.infer<typeof householdMember>;

/** A junior waiting to be paid for (added to the household, not yet a member). */
export const pendingAddition = z.object({
  memberId: z.string(),
  name: z.string(),
  amountDue: z.string(),
  until: z.string(),
  becomesFamily: z.boolean(),
});
export type PendingAddition = z.infer<typeof pendingAddition>;

export const myHousehold = z.object({
  people: z.array(householdMember),
  /** A junior the reader added who waits to be paid for, if any. */
  pendingAddition: pendingAddition.nullable().optional(),
  /** The e-mail change of the reader waiting for confirmation, if any. */
  pendingEmail: z.object({ newEmail: z.string(), expiresAt: z.string(), step: z.enum(['identity', 'new_address']) }).nullable(),
});
export type MyHousehold = z.infer<typeof myHousehold>;

/**
 * A member's change of their login e-mail: their current password first when they have one (without one, a link to
 * the current address proves it is them). `hasPassword` is the form's own, to ask for the password; not sent.
 */
export const myEmailChangeInput = z.object({
  email: emailSchema,
  currentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
});

export type MyEmailChangeInput = z.infer<typeof myEmailChangeInput>;

/** The Settings form of the change: the password is required when the account has one. */
export const myEmailChangeForm = z
  .object({ email: emailSchema, hasPassword: z.boolean(), currentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength) })
  .refine((v) => !v.hasPassword || v.currentPassword, { message: 'Please enter your current password.', path: ['currentPassword'] });

/** The household's adult adds a junior to a current membership (accepting the club's rules on their behalf). */
export const addJuniorInput = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  dateOfBirth: birthDateSchema(),
  gender: z.enum(GENDERS, { error: 'Please choose a gender.' }),
  shirtSize: z.enum(SHIRT_SIZES, { error: 'Please choose a shirt size.' }).nullable(),
  agreed: z.literal(true, { error: "Please accept the club's rules and code of conduct on their behalf." }),
});
export type AddJuniorForm = z.input<typeof addJuniorInput>;

export const addJuniorResult = z.object({
  memberId: z.string(),
  message: z.string(),
  /** What is left to pay, e.g. '30.00'; '0.00' when the membership already covers them (they are active now). */
  amountDue: z.string(),
  /** The membership the junior joins ends with the household's. */
  until: z.string(),
  /** Paying makes the household a family membership. */
  becomesFamily: z.boolean(),
});
export type AddJuniorResult = z.infer<typeof addJuniorResult>;

export const removeJuniorInput = z.object({ memberId: z.uuid({ error: 'That is not a valid member id.' }) });
