import { z } from 'zod';
import { emailSchema, nameSchema, optionalText } from './auth.schema';
import { ROLES } from './auth.constants';
import { isIsoDate } from './dates';
import { memberSuspension } from './judging.schema';
import { birthDateSchema } from './members.schema';
import { GENDERS, MEMBER_STATUSES, MEMBERSHIP_TYPES, SHIRT_SIZES } from './membership';
import { MEMBERS_PAGE_SIZE } from './members-list';

/** Members tab filters: the stored statuses plus 'expiring' (active, expiry within 30 days). */
export const MEMBER_FILTERS = [...MEMBER_STATUSES, 'expiring'] as const;
export const MEMBER_SORTS = ['name', 'email', 'type', 'status', 'expiry', 'joined'] as const;
export const EXPIRING_DAYS = 30;

export const memberSearchInput = z.object({
  search: z.string().trim().max(100, 'Search is at most 100 characters.').optional(),
  type: z.enum(MEMBERSHIP_TYPES, { error: 'Type must be adult, junior or family.' }).optional(),
  status: z.enum(MEMBER_FILTERS, { error: 'Status must be pending, active, expired or expiring.' }).optional(),
  sort: z.enum(MEMBER_SORTS, { error: 'That is not a column the list can be sorted by.' }).optional().default('name'),
  direction: z.enum(['asc', 'desc']).optional().default('asc'),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(100, 'At most 100 members per page.').optional().default(MEMBERS_PAGE_SIZE),
});
export type MemberSearchInput = z.input<typeof memberSearchInput>;
export type MemberSearch = z.output<typeof memberSearchInput>;

/** A row of the Members table. */
export const adminMemberRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  initials: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  /** As it stands today: an active membership past its expiry reads 'expired'. */
  status: z.enum(MEMBER_STATUSES),
  memberSince: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** The linked account's role, when this member has an account. */
  role: z.enum(ROLES).nullable(),
  isPrimary: z.boolean(),
  /** While the committee has suspended the member; null or absent otherwise. */
  suspension: memberSuspension.nullable().optional(),
  shirtSize: z.enum(SHIRT_SIZES).nullable().optional(),
  /** A new e-mail address waiting for confirmation from that address; null or absent otherwise. */
  pendingEmail: z.string().nullable().optional(),
});
export type AdminMemberRow = z.infer<typeof adminMemberRow>;

export const memberPage = z.object({ rows: z.array(adminMemberRow), total: z.number(), page: z.number(), pageSize: z.number() });
export type MemberPage = z.infer<typeof memberPage>;

export const memberUpdateInput = z.object({
  id: z.uuid({ error: 'That is not a valid member id.' }),
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: z
    .union([emailSchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 300),
  status: z.enum(MEMBER_STATUSES, { error: 'Status must be pending, active or expired.' }),
  expiryDate: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || isIsoDate(v), 'Expiry must be a date (YYYY-MM-DD).'),
  /** Only for a member with an account. */
  role: z.enum(ROLES, { error: 'Role must be member or admin.' }).optional(),
  // Left out: unchanged (scripts and older screens send only the fields above).
  dateOfBirth: birthDateSchema().optional(),
  gender: z.enum(GENDERS, { error: 'Gender must be male or female.' }).nullable().optional(),
  shirtSize: z.enum(SHIRT_SIZES, { error: 'Shirt size must be XS, S, M, L, XL or XXL.' }).nullable().optional(),
  membershipType: z.enum(MEMBERSHIP_TYPES, { error: 'Type must be adult, junior or family.' }).optional(),
});
export type MemberUpdateInput = z.input<typeof memberUpdateInput>;

export const ACTIVE_NEEDS_EXPIRY_MESSAGE = 'An active membership needs an expiry date.';
/** The committee's edit form: the procedure's input, and the rule the service applies to it (an active membership has an expiry). */
export const memberEditForm = memberUpdateInput.refine((v) => v.status !== 'active' || v.expiryDate !== null, {
  message: ACTIVE_NEEDS_EXPIRY_MESSAGE,
  path: ['expiryDate'],
});
export type MemberUpdate = z.output<typeof memberUpdateInput>;

/** The audit log screen: newest first, filterable by record. */
export const auditSearchInput = z.object({
  entityType: z.string().trim().max(80).optional(),
  entityId: z.string().trim().max(80).optional(),
  page: z.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.number().int().min(1).max(100, 'At most 100 entries per page.').optional().default(50),
});
export type AuditSearchInput = z.input<typeof auditSearchInput>;

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** The admin's e-mail, or a label such as 'cli' or 'renewals'. */
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export const auditPage = z.object({ rows: z.array(auditEntry), total: z.number(), entityTypes: z.array(z.string()) });
export type AuditPage = z.infer<typeof auditPage>;
