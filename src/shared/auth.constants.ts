/** Lifetimes and limits of the sign-up and sign-in flows. */
export const AUTH_LIMITS = {
  verificationLinkHours: 24,
  signInLinkMinutes: 15,
  /** The sign-in link in a receipt or an invitation: read later than a link someone just asked for. */
  welcomeLinkDays: 7,
  /** How long the old address's link can undo a change of login e-mail. */
  emailChangeUndoDays: 7,
  resendLockoutSeconds: 60,
  passwordMinLength: 10,
  passwordMaxLength: 200,
  nameMaxLength: 80,
  emailMaxLength: 254,
  sessionDays: 30,
} as const;

export const TOKEN_PURPOSES = ['verify_email', 'sign_in'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
