import { z } from 'zod';
import { AUTH_LIMITS, TOKEN_PURPOSES } from './auth.constants';
import { safeReturnPath } from './return-path';

/** A string field whose type errors read as a person would say them. */
export const text = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be text.`) });

/** Optional text: blank or missing becomes null, otherwise trimmed and at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text.` })
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, `${label} must be at most ${max} characters.`);

/** An e-mail address as people type it: trimmed, lower-cased, checked for shape. */
export const emailSchema = text('Email')
  .trim()
  .min(1, 'Please enter your email address')
  .max(AUTH_LIMITS.emailMaxLength, 'That email address is too long.')
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

/** A person's name: trimmed, 1–80 characters, no markup or control characters. */
export const nameSchema = (label: string) =>
  text(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(AUTH_LIMITS.nameMaxLength, `${label} must be at most ${AUTH_LIMITS.nameMaxLength} characters.`)
    // oxlint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
    .refine((v) => !/[\u0000-\u001f\u007f<>]/.test(v), `${label} contains characters that are not allowed.`);

export const passwordSchema = text('Password')
  .min(AUTH_LIMITS.passwordMinLength, `Password must be at least ${AUTH_LIMITS.passwordMinLength} characters.`)
  .max(AUTH_LIMITS.passwordMaxLength, `Password must be at most ${AUTH_LIMITS.passwordMaxLength} characters.`);

export const signupInput = z.object({
  email: emailSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
});
export type SignupInput = z.infer<typeof signupInput>;

/** Password is optional: without it the server e-mails a sign-in link. */
export const loginInput = z.object({
  email: emailSchema,
  password: text('Password')
    .max(AUTH_LIMITS.passwordMaxLength, 'Password is too long.')
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  /**
   * The page to land on after signing in by an e-mailed link ('/admin?tab=sponsors'): carried in the link. Anything
   * but a page of this site is dropped, never refused (the person did not type it).
   */
  next: z.unknown().optional().transform(safeReturnPath),
});
export type LoginInput = z.infer<typeof loginInput>;

export const sendVerificationInput = z.object({
  email: emailSchema,
  userId: z.uuid({ error: 'userId must be the id returned by sign-up.' }),
});
export type SendVerificationInput = z.infer<typeof sendVerificationInput>;

export const verifyTokenInput = z.object({
  token: text('The link token')
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid. Please request a new one.'),
  purpose: z.enum(TOKEN_PURPOSES).default('verify_email'),
});
export type VerifyTokenInput = z.infer<typeof verifyTokenInput>;

export const setPasswordInput = z.object({
  currentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength).optional(),
  newPassword: passwordSchema,
});
export type SetPasswordInput = z.infer<typeof setPasswordInput>;

/**
 * The settings form: the new password twice, and the current one when the account has one (`hasPassword`). What it
 * parses to, less `confirmPassword` and `hasPassword`, is a `SetPasswordInput`.
 */
export const passwordForm = z
  .object({
    hasPassword: z.boolean(),
    currentPassword: z.string().max(AUTH_LIMITS.passwordMaxLength),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => !v.hasPassword || v.currentPassword, { message: 'Please enter your current password.', path: ['currentPassword'] })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'The new passwords do not match.', path: ['confirmPassword'] });

/** What sign-up and login answer, plus `linkSent` for e-mail-only login. */
export const authResponse = z.object({
  message: z.string(),
  userId: z.string().nullable(),
  requiresVerification: z.boolean(),
  linkSent: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['member', 'admin']),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;
