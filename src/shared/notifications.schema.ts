import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notifications';

// What Settings and the server share about notifications: a browser's push subscription as
// `PushSubscription.toJSON()` gives it, and each kind switched on or off.

/** Longer than any push service's address seen (FCM, Mozilla, Apple, WNS give 150–400 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

const NOT_A_PUSH_SERVICE = "That is not a push service's address: browsers give an https:// address of their push service.";

/** Whether a host name can be a push service's: a DNS name, never an address on this machine or the local network. */
function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (!host.includes('.') || host.startsWith('[') || /^[\d.]+$/.test(host)) return false;
  return !/(^|\.)(localhost|local|internal|home|lan|localdomain)$/.test(host);
}

const pushEndpoint = z
  .string({ error: 'The subscription address (endpoint) is required.' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, `The subscription address must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters.`)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    return url.protocol === 'https:' && !url.username && !url.password && isPushServiceHost(url.hostname);
  }, NOT_A_PUSH_SERVICE);

/** base64url (padding allowed, as some browsers add it) of exactly `chars` characters without the padding. */
const base64url = (label: string, chars: number, first?: RegExp) =>
  z
    .string({ error: `${label} is required.` })
    .max(chars + 4, `${label} is not a key a browser gives.`)
    .transform((value) => value.replace(/=+$/, ''))
    .refine(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && value.length === chars && (!first || first.test(value)),
      `${label} is not a key a browser gives.`,
    );

/** A browser's push subscription (`subscription.toJSON()`). */
export const pushSubscriptionInput = z.object({
  endpoint: pushEndpoint,
  // An uncompressed P-256 point is 65 bytes (87 characters) and starts with 0x04 ('B').
  keys: z.object(
    { p256dh: base64url('The p256dh key', 87, /^B/), auth: base64url('The auth secret', 22) },
    { error: 'The subscription keys (p256dh and auth) are required.' },
  ),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

export const pushUnsubscribeInput = z.object({ endpoint: pushEndpoint });

export const notificationKind = z.enum(NOTIFICATION_KINDS, {
  error: `The kind must be one of ${NOTIFICATION_KINDS.join(', ')}.`,
});

export const notificationPreferences = z.object({
  event_tomorrow: z.boolean(),
  catch_judged: z.boolean(),
  results_final: z.boolean(),
  waitlist_place_freed: z.boolean(),
});

export const setNotificationPreferenceInput = z.object({
  kind: notificationKind,
  enabled: z.boolean({ error: 'Enabled must be true or false.' }),
});

/** What Settings shows: the server's public key for subscribing, the member's choices, and how many devices get pushes. */
export const notificationSettings = z.object({
  publicKey: z.string(),
  preferences: notificationPreferences,
  devices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
