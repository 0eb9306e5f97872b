import { z } from 'zod';
import { emailSchema, nameSchema, optionalText } from './auth.schema';
import { DIVISIONS, ENTRY_PAYMENT_STATES } from './entries';
import { memberRegistration } from './events.schema';
import { birthDateSchema, phoneSchema } from './members.schema';
import { MANUAL_PAYMENT_METHODS } from './payments';

export * from './entries';

const uuid = (what: string) => z.uuid({ error: `That is not a valid ${what} id.` });
const eventId = z.uuid({ error: 'That is not a valid event id.' });

/**
 * Entering an event: the caller, or (a household adult) the household's juniors too, priced per person by the
 * server. `payAtSignOn` left out means yes where the event allows it (a script entering as the documented REST body does).
 */
export const enterInput = z.object({
  id: eventId,
  memberIds: z
    .array(uuid('member'), { error: 'Choose who to enter.' })
    .min(1, 'Choose who to enter.')
    .max(6, 'At most 6 people can be entered at once.')
    .optional(),
  payAtSignOn: z.boolean({ error: 'Pay at sign-on must be true or false.' }).optional(),
});
export type EnterInput = z.input<typeof enterInput>;

export const enterResult = z.object({
  message: z.string(),
  entries: z.array(memberRegistration),
  /** What is left to pay online now ('0.00' when nothing: free, or paid at sign-on). */
  amountDue: z.string(),
});
export type EnterResult = z.infer<typeof enterResult>;

/** Cancelling an entry: the caller's own, or a junior's of their household. */
export const cancelEntryInput = z.object({ id: eventId, memberId: uuid('member').optional() });

export const waitlistInput = enterInput;
export const leaveWaitlistInput = cancelEntryInput;

/** A place on a waiting list, as the member sees it. */
export const waitlistView = z.object({
  eventId: z.string(),
  name: z.string(),
  eventDate: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  /** 1 for the next person to be offered a place. */
  position: z.number(),
});
export type WaitlistView = z.infer<typeof waitlistView>;

/** Paying the caller's household's unpaid entries in an event in one order (the server prices it). */
export const entryOrderInput = z.object({ id: eventId });
export const entryCaptureInput = z.object({
  orderId: z.string({ error: 'The order id is required.' }).min(1, 'The order id is required.').max(64, 'That order id is too long.'),
});
export const entryCaptureResult = z.object({
  status: z.enum(['COMPLETED', 'PENDING']),
  amount: z.string(),
  /** The people whose entries it paid. */
  names: z.array(z.string()),
  message: z.string(),
});
export type EntryCaptureResult = z.infer<typeof entryCaptureResult>;

// ---------- Guests ----------

/** Said when a guest's acceptances are no list at all; the server names the documents when one is missing (`guestAccepted`). */
export const GUEST_DOCUMENTS_LIST_MESSAGE = 'Please read and accept the waiver and the competition rules.';

/** 'Enter as a guest': a non-member enters one competition and pays the non-member fee. */
export const guestEntryInput = z.object({
  eventId,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  phone: phoneSchema,
  dateOfBirth: birthDateSchema(),
  /** The waiver and the competition rules at the versions shown (the server checks them against the club's). */
  documentsAccepted: z
    .array(z.object({ id: z.string().max(40), version: z.string().max(20) }), { error: GUEST_DOCUMENTS_LIST_MESSAGE })
    .max(10),
});
export type GuestEntryInput = z.input<typeof guestEntryInput>;

export const guestEntryResult = z.object({
  registrationId: z.string(),
  eventName: z.string(),
  name: z.string(),
  email: z.string(),
  /** The non-member fee to pay now. */
  amount: z.string(),
  message: z.string(),
});
export type GuestEntryResult = z.infer<typeof guestEntryResult>;

export const guestCaptureResult = entryCaptureResult.extend({ email: z.string() });
export type GuestCaptureResult = z.infer<typeof guestCaptureResult>;

export const guestTokenInput = z.object({
  token: z
    .string({ error: 'This link is incomplete. Please open the link from the e-mail again.' })
    .trim()
    .min(20, 'This link is incomplete. Please open the link from the e-mail again.')
    .max(100, 'This link is not valid.'),
});

/** 'Send me a new link': a paid guest asks for another sign-in link for the event. */
export const guestLinkInput = z.object({
  eventId,
  email: emailSchema,
});

/**
 * A non-member asks for a place on a full event's waiting list: the same details as entering as a guest, so that when
 * a place comes up they are entered at once (the non-member fee then paid at the sign-on desk).
 */
export const guestWaitlistInput = guestEntryInput;
export type GuestWaitlistInput = z.input<typeof guestWaitlistInput>;

/** A guest's place on a waiting list, as they (or the desk) are told it: 1 is offered the next free place. */
export const guestWaitlistResult = z.object({ name: z.string(), position: z.number(), message: z.string() });
export type GuestWaitlistResult = z.infer<typeof guestWaitlistResult>;

/** A guest signed in by their link: their one event and what they may do in it. */
export const guestView = z.object({
  memberId: z.string(),
  name: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  location: z.string(),
  eventDate: z.string(),
  fishingStart: z.string(),
  fishingEnd: z.string(),
  acceptsCatchesToday: z.boolean(),
  division: z.enum(DIVISIONS),
  checkedIn: z.boolean(),
  requireCheckIn: z.boolean(),
  /** The day's code for the brag mat, once fishing has opened on the day. */
  clubCode: z.string().nullable(),
});
export type GuestView = z.infer<typeof guestView>;

// ---------- The sign-on desk ----------

export const deskInput = z.object({ id: eventId });

/** One entrant on the sign-on desk's list. */
export const deskEntrant = z.object({
  registrationId: z.string(),
  memberId: z.string(),
  name: z.string(),
  /** With the e-mail address and date of birth: what the desk tells two people apart by without signal (`samePerson`). */
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  kind: z.enum(['member', 'guest']),
  division: z.enum(DIVISIONS),
  /** Age on the event's day. */
  age: z.number(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  fee: z.string(),
  paymentState: z.enum(ENTRY_PAYMENT_STATES),
  /** How the fee came: 'PayPal', 'Cash', …; null until paid. */
  paidBy: z.string().nullable(),
  /** How a paid fee goes back when the committee takes the entrant off: refunded through PayPal, or handed back. */
  feeBack: z.enum(['paypal', 'by_hand']).nullable(),
  checkedInAt: z.string().nullable(),
  enteredAt: z.string(),
  /** A guest's unpaid online entry holds its place until then (absent or null: nothing held). */
  heldUntil: z.string().nullable().optional(),
  disqualified: z.boolean(),
  /** A junior's emergency contact and medical notes, as their household keeps them (absent for adults and guests). */
  juniorCare: z
    .object({
      emergencyContact: z.object({ name: z.string(), phone: z.string(), relationship: z.string() }).nullable(),
      medicalNotes: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type DeskEntrant = z.infer<typeof deskEntrant>;

export const deskView = z.object({
  eventId: z.string(),
  eventName: z.string(),
  location: z.string(),
  eventDate: z.string(),
  entriesCloseAt: z.string(),
  requireCheckIn: z.boolean(),
  /** Who the committee takes ('Juniors under 16', 'Members only', by the club's junior age): the desk adds no guest to a members-only event. */
  limits: z.array(z.string()).optional(),
  membersOnly: z.boolean().optional(),
  memberFee: z.string(),
  juniorFee: z.string().nullable(),
  nonMemberFee: z.string(),
  maxParticipants: z.number().nullable(),
  entrants: z.array(deskEntrant),
  waiting: z.array(z.object({ memberId: z.string(), name: z.string(), position: z.number(), addedAt: z.string() })),
  counts: z.object({
    entered: z.number(),
    checkedIn: z.number(),
    paid: z.number(),
    toPay: z.number(),
    /** Places held by guests' unpaid online entries (counted in `entered`). */
    held: z.number().optional(),
  }),
});
export type DeskView = z.infer<typeof deskView>;

/**
 * A current member the desk may sign on, with what tells them from a guest already entered (`samePerson`): kept on the
 * device with the desk's list, for Add member without signal.
 */
export const deskMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  dateOfBirth: z.string(),
});
export type DeskMember = z.infer<typeof deskMember>;

/** Names one tap at the desk: a tap sent again (a lost reply, a queue sent after the signal returns) counts once. */
const deskRequestKey = z.uuid({ error: 'The request key must be a UUID; please reload the page and try again.' });

export const checkInInput = z.object({
  registrationId: uuid('entry'),
  /** False undoes a check-in made by mistake. */
  checkedIn: z.boolean({ error: 'Checked in must be true or false.' }),
  requestKey: deskRequestKey.optional(),
  /** When the desk tapped (it may send later, without signal at the ramp); the check-in time, if within the last day. */
  at: z.iso.datetime({ offset: true, error: 'The check-in time must be a date and time.' }).optional(),
  /**
   * The check-in time the desk showed when it was tapped (null: not checked in). When another desk has changed it
   * since, this tap is refused with what happened there, not written over it.
   */
  seenCheckedInAt: z.iso.datetime({ offset: true, error: 'The check-in time seen must be a date and time.' }).nullable().optional(),
});
export type CheckInInput = z.input<typeof checkInInput>;

/** What a check-in came to: the entrant, and a sentence when another desk had already done it. */
export const checkInResult = z.object({ entrant: deskEntrant, note: z.string().nullable() });
export type CheckInResult = z.infer<typeof checkInResult>;

/** A walk-up guest's single-use catch link, shown at the desk as a QR code; `expires` an ISO instant. */
export const catchLinkView = z.object({ url: z.string(), expires: z.string() });

/** One entry on the desk's list (taking it off, its guest's catch link). */
export const deskEntryInput = z.object({ registrationId: uuid('entry') });

/** Money taken at the desk for one entrant's fee (cash, a card on the club's reader, …); always the server's price. */
export const deskPaymentInput = z.object({
  registrationId: uuid('entry'),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Method must be cash, bank transfer, card or cheque.' }),
  reference: optionalText('Reference', 120),
  /** Made by the browser when the dialog opens: a retried or double-tapped 'Record payment' records once. */
  requestKey: deskRequestKey,
});
export type DeskPaymentInput = z.input<typeof deskPaymentInput>;

/** A walk-up non-member signed on at the desk (no waiver acceptance online: they sign the paper form). */
export const deskGuestInput = z.object({
  eventId,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  /** Where the receipt and the sign-in link for logging catches go; blank when they have no e-mail. */
  email: z
    .union([z.literal(''), z.null(), emailSchema], { error: 'Please enter a valid email address, or leave it blank.' })
    .optional()
    .transform((v) => v || null),
  phone: optionalText('Phone', 40),
  dateOfBirth: birthDateSchema(),
  /** The committee chose to add them although others are waiting for a place. */
  passOverWaiting: z.boolean().optional(),
  requestKey: deskRequestKey.optional(),
});
export type DeskGuestInput = z.input<typeof deskGuestInput>;

export const GUEST_WAITLIST_CONTACT_MESSAGE = 'Give an e-mail address or a phone number, so the club can tell them when a place comes up.';

/** A walk-up non-member put on a full event's waiting list at the desk: an e-mail address or a phone number to reach them. */
export const deskGuestWaitlistInput = deskGuestInput
  .omit({ passOverWaiting: true })
  .refine((guest) => Boolean(guest.email || guest.phone), { message: GUEST_WAITLIST_CONTACT_MESSAGE, path: ['phone'] });
export type DeskGuestWaitlistInput = z.input<typeof deskGuestWaitlistInput>;
