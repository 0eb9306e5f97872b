import { z } from 'zod';
import { MAX_HOUSEHOLD } from './membership-rules';
import { emailSchema, nameSchema, text } from './auth.schema';
import { clubToday, isIsoDate } from './dates';
import { CLUB_DOCUMENT_IDS } from './documents';
import { memberSuspension } from './judging.schema';
import { CURRENCY, GENDERS, MEMBER_STATUSES, MEMBERSHIP_TYPES, SHIRT_SIZES } from './membership';

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null
        ? `${label} is required.`
        : `Please choose a valid ${label.toLowerCase()}.`,
  });

export const birthDateSchema = (label = 'Date of birth') =>
  text(label)
    .trim()
    .min(1, `${label} is required.`)
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD).`)
    .refine((v) => v >= '1900-01-01', `${label} is too far in the past.`)
    .refine((v) => v <= clubToday(new Date()), `${label} cannot be in the future.`);

/** Australian phone numbers as people write them: 04xx xxx xxx, (07) 5555 1234, +61 4… */
export const phoneSchema = text('Phone number')
  .trim()
  .min(1, 'Phone number is required.')
  .max(40, 'Phone number is too long.')
  .refine(
    (v) => /^\+?[0-9 ()-]+$/.test(v) && v.replace(/\D/g, '').length >= 8 && v.replace(/\D/g, '').length <= 15,
    'Please enter a valid phone number.',
  );

export const additionalMemberInput = z.object({
  firstName: nameSchema('Additional member first name'),
  lastName: nameSchema('Additional member last name'),
  dateOfBirth: birthDateSchema('Additional member date of birth'),
});
export type AdditionalMemberInput = z.infer<typeof additionalMemberInput>;

/** Said when the list of accepted documents is no list at all; the server names the club's documents when one is missing. */
export const DOCUMENTS_LIST_MESSAGE = 'Please read and accept each of the club documents.';

/**
 * The club documents accepted on the join form, each at the version that was shown. Which documents and versions
 * are needed is the club's setting: the server asks `documentsToAccept` (shared/documents.ts).
 */
export const documentsAcceptedSchema = z
  .array(z.object({ id: z.enum(CLUB_DOCUMENT_IDS), version: text('Document version').trim().min(1).max(20) }), {
    error: DOCUMENTS_LIST_MESSAGE,
  })
  .max(10);

/** The join form: the person joining and, optionally, the others who pay with them. */
export const registrationInput = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  phone: phoneSchema,
  address: text('Address').trim().min(1, 'Address is required.').max(300, 'Address must be at most 300 characters.'),
  dateOfBirth: birthDateSchema(),
  gender: requiredChoice(GENDERS, 'Gender'),
  shirtSize: requiredChoice(SHIRT_SIZES, 'Shirt size'),
  membershipType: requiredChoice(MEMBERSHIP_TYPES, 'Membership type'),
  termsAccepted: z.literal(true, { error: 'Please accept the terms and conditions' }),
  codeOfConductAccepted: z.literal(true, { error: 'Please agree to abide by the code of conduct' }),
  additionalMembers: z
    .array(additionalMemberInput, { error: 'Additional members must be a list.' })
    .max(MAX_HOUSEHOLD - 1, `A household has at most ${MAX_HOUSEHOLD} people.`)
    .default([]),
  documentsAccepted: documentsAcceptedSchema,
});
export type RegistrationInput = z.infer<typeof registrationInput>;

/**
 * POST /api/members/register as docs/api.md documents it: gender, the acceptances and the additional members are
 * not sent. The browser's form sends them through the typed procedure; here they are simply not recorded.
 */
export const documentedRegistrationInput = registrationInput
  .pick({
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    address: true,
    dateOfBirth: true,
    shirtSize: true,
    membershipType: true,
  })
  .extend({ gender: registrationInput.shape.gender.optional() });
export type DocumentedRegistrationInput = z.infer<typeof documentedRegistrationInput>;
export type RegistrationForm = z.input<typeof registrationInput>;

export const registrationResult = z.object({
  message: z.string(),
  householdId: z.string(),
  memberId: z.string(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  /** What the payment will be, e.g. '120.00'. */
  amount: z.string(),
  currency: z.literal(CURRENCY),
  members: z.array(z.object({ firstName: z.string(), lastName: z.string(), membershipType: z.enum(MEMBERSHIP_TYPES) })),
});
export type RegistrationResult = z.infer<typeof registrationResult>;

/** One person's profile fields as the member's portal and the committee's record both show them. */
export const memberPersonFields = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.string(),
  gender: z.enum(GENDERS).nullable(),
  shirtSize: z.enum(SHIRT_SIZES).nullable(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  /** 'active' only while the membership is paid up to today. */
  status: z.enum(MEMBER_STATUSES),
  memberSince: z.string().nullable(),
  expiryDate: z.string().nullable(),
});

export type MemberPersonFields = z.infer<typeof memberPersonFields>;

export const memberProfile = memberPersonFields.extend({
  household: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      membershipType: z.enum(MEMBERSHIP_TYPES),
      /** For the junior rule (under the club's junior age on an event's day); always sent by the server. */
      dateOfBirth: z.string().optional(),
      /** Their membership is paid up today, so they may be entered in events. */
      current: z.boolean().optional(),
    }),
  ),
  /** What renewing costs now, e.g. '40.00'. */
  renewalAmount: z.string(),
  /**
   * paid: nothing owed; awaiting_payment: registered but never paid ('Complete payment'); processing: PayPal
   * holds a payment and has not released it yet ('Payment pending').
   */
  paymentState: z.enum(['paid', 'awaiting_payment', 'processing']),
  /** Renewal opens RENEWAL_WINDOW_DAYS before expiry (or once lapsed); before that it needs an explicit early renewal. */
  renewal: z.object({ open: z.boolean(), opensOn: z.string().nullable(), extendsTo: z.string() }),
  /** While the committee has suspended the member (no entering events or logging catches); null or absent otherwise. */
  suspension: memberSuspension.nullable().optional(),
  /**
   * The required club documents the reader must accept (at their current versions) before their household's
   * membership can be paid: the household's primary adult accepts them for everyone it covers. Empty otherwise.
   */
  documentsToAccept: z.array(z.string()),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/** The portal's 'accept the club documents' step: each required document at the version shown. */
export const acceptDocumentsInput = z.object({ documentsAccepted: documentsAcceptedSchema });

/** A member in the members list; `hint` tells apart people of the same name (shared/member-names.ts), 'you' for the reader. */
export const memberListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  hint: z.string().nullable().optional(),
});
export type MemberListItem = z.infer<typeof memberListItem>;

/** Whose catches an event takes: the catch form offers them first among the members. */
export const eventEntrantsInput = z.object({ eventId: z.uuid({ error: 'That is not a valid event id.' }) });

/** The members entered in an event, by id (the members list has their names). */
export const eventEntrants = z.object({ eventId: z.string(), memberIds: z.array(z.string()) });
export type EventEntrants = z.infer<typeof eventEntrants>;

/** The four cards of the portal dashboard. */
export const memberDashboard = z.object({
  eventsAttended: z.number(),
  fishCaught: z.number(),
  competitions: z.number(),
  /** From champion points this season: Bronze 0–2, Silver 3–8, Gold 9 or more. */
  memberLevel: z.enum(['Bronze', 'Silver', 'Gold']),
});
export type MemberDashboard = z.infer<typeof memberDashboard>;

/** POST /paypal/order (docs/api.md): the client says what it expects to pay; the server decides. */
export const createOrderInput = z.object({
  amount: z.union([z.string(), z.number()], { error: 'Amount is required.' }).transform(String),
  currency: text('Currency').trim().toUpperCase(),
  intent: text('Intent').trim().toUpperCase().default('CAPTURE'),
  /** A renewal before the window opens must say so (the member confirmed what it extends). */
  earlyRenewal: z.boolean({ error: 'earlyRenewal must be true or false.' }).optional(),
  /** Paying for the junior waiting to be added to the member's household (the difference the club's prices give). */
  addMembers: z.boolean({ error: 'addMembers must be true or false.' }).optional(),
});
export type CreateOrderInput = z.input<typeof createOrderInput>;
export type CreateOrderRequest = z.output<typeof createOrderInput>;

const orderId = text('Order id')
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'That is not a valid order id.');
export const captureOrderInput = z.object({
  orderId,
  /** The demo provider's 'decline' button (PayPal's window has its own); ignored by PayPal. */
  simulate: z.enum(['decline']).optional(),
});
export const paymentOutcomeInput = z.object({ orderId });

export const paymentSetup = z.object({
  provider: z.enum(['paypal', 'demo']),
  clientId: z.string().nullable(),
  clientToken: z.string().nullable(),
  /** Which PayPal serves the browser's SDK script: the client token only works with its own environment. */
  environment: z.enum(['sandbox', 'production']).nullable(),
  currency: z.literal(CURRENCY),
});
export type PaymentSetup = z.infer<typeof paymentSetup>;

export const captureResult = z.object({
  id: z.string(),
  /** PENDING: PayPal took the payment but has not released it; the membership starts when it does. */
  status: z.enum(['COMPLETED', 'PENDING']),
  amount: z.string(),
  currency: z.string(),
  membership: z.object({
    status: z.enum(MEMBER_STATUSES),
    memberSince: z.string().nullable(),
    expiryDate: z.string().nullable(),
    members: z.array(z.string()),
  }),
});
export type CaptureResult = z.infer<typeof captureResult>;
