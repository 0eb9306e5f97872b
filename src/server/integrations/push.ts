import dns from 'node:dns';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { BlockList, type LookupFunction } from 'node:net';
import path from 'node:path';
import type { Env } from '../env';
import { lazy } from '../lazy';

/** The site's VAPID key pair (base64url): push services accept our pushes only when signed with the private key. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** One browser's subscription, as the browser gave it. Secret: whoever holds it can push to that browser. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push service took the message, or did not: `gone` (404/410) means the subscription is over for good. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; status: number };

export interface PushOptions {
  /** How long the push service keeps the message for a phone that is off (seconds). */
  ttlSeconds: number;
  urgency?: 'low' | 'normal' | 'high';
}

/** Sends Web Push messages (RFC 8030, encrypted per RFC 8291, signed per RFC 8292) with the `web-push` library. */
export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
  close(): void;
}

const webPush = lazy(async () => {
  const loaded = await import('web-push');
  // A CommonJS package: its functions are on the default export when imported from ESM.
  return (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
});

/**
 * The VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set (several instances must share one pair, or each
 * would refuse the others' subscriptions), otherwise generated once with web-push into DATA_DIR/vapid-keys.json.
 * Losing that file means every browser has to turn notifications on again.
 */
export async function loadVapidKeys(env: Pick<Env, 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return readKeys(file);
  const { publicKey, privateKey } = (await webPush()).generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two instances starting together on one folder keep the pair the first one wrote.
    writeFileSync(file, JSON.stringify({ publicKey, privateKey }, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeys(file);
}

function readKeys(file: string): VapidKeys {
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new Error(`${file} does not hold a VAPID key pair (publicKey, privateKey): delete it and a new pair is made at the next start.`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * Who push services may contact about our pushes: VAPID_SUBJECT, or the club's contact address (`contactEmail`, its
 * profile's when the site starts), or, when that could not be read, the site's own address.
 */
export const vapidSubject = (env: Pick<Env, 'VAPID_SUBJECT' | 'PUBLIC_URL'>, contactEmail: string | null) =>
  env.VAPID_SUBJECT ?? (contactEmail ? `mailto:${contactEmail}` : env.PUBLIC_URL);

/** Addresses a push service never has: this machine, the local network, link-local, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/**
 * Resolves a push service's name, refusing one that leads to a private address: the endpoint comes from a member's
 * browser, so without this anyone signed in could make the server post to machines on its own network.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (!addresses.length || addresses.some((a) => NOT_PUBLIC.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'))) {
      const refused = Object.assign(new Error('The push service resolves to an address that is not public.'), { code: 'ENOTPUBLIC' });
      return callback(refused, '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  /** The HTTPS agent for the push services (tests give one that trusts their loopback push service). */
  agent?: Agent;
  timeoutMs?: number;
}

/** The real sender: web-push, to public push services only, each message signed with our VAPID keys. */
export function createPushSender(options: PushSenderOptions): PushSender {
  const agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: 8, lookup: publicOnlyLookup });
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload, { ttlSeconds, urgency = 'normal' }) {
      try {
        await (
          await webPush()
        ).sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails,
          TTL: ttlSeconds,
          urgency,
          contentEncoding: 'aes128gcm',
          agent,
          timeout: options.timeoutMs ?? 5000,
        });
        return { ok: true };
      } catch (error) {
        // The library's error carries the endpoint (a secret): only the status leaves here.
        const status = Number((error as { statusCode?: number }).statusCode) || 0;
        return { ok: false, status, gone: status === 404 || status === 410 };
      }
    },
    close: () => {
      if (!options.agent) agent.destroy();
    },
  };
}
