import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { User } from '../db/entities';
import type { Actor } from '../platform/actor';
import type { SessionClaims } from '../accounts/auth.service';
import type { PayerSession } from '../payments/payments.service';
import type { Services } from '../services';

/** Starts and ends the cookie session of the current request. */
export interface SessionControl {
  start(claims: SessionClaims): void;
  end(): void;
  /** The household of the join form filled in this browser, until it is paid. */
  registrationId: string | undefined;
  rememberRegistration(householdId: string): void;
  /** This browser as a payer: only the browser (or account) that created an order may capture it. */
  payer: PayerSession;
  /** The guest entry made in this browser and waiting to be paid here (guest-entries.service). */
  guestEntry: string | undefined;
  rememberGuestEntry(registrationId: string): void;
  /** Signs this browser in as the guest of one entry (after their e-mailed link was claimed); null signs the guest out. */
  signInGuest(registrationId: string | null): void;
}

export interface Context {
  em: EntityManager;
  actor: Actor;
  session: SessionControl;
  services: Services;
}

export interface ContextDeps {
  em: EntityManager;
  services: Services;
}

const CLAIMS_KEY = 'claims';
const REGISTRATION_KEY = 'registration';
const PAYER_KEY = 'payer';
const GUEST_KEY = 'guest';
const GUEST_ENTRY_KEY = 'guestEntry';

/** The signed-in user and session version the request's cookie claims (not yet checked against the database). */
export function sessionClaimsOf(req: FastifyRequest): SessionClaims | undefined {
  return claimsIn(req.session);
}

/** The claims a decoded session holds, if well formed. */
export function claimsIn(session: { get(key: string): unknown }): SessionClaims | undefined {
  const claims = session.get(CLAIMS_KEY) as SessionClaims | undefined;
  return claims && typeof claims.userId === 'string' && typeof claims.version === 'number' ? claims : undefined;
}

/** Builds the context of one HTTP request: a fresh EntityManager and the signed-in user, if any. */
export async function createRequestContext(deps: ContextDeps, req: FastifyRequest): Promise<Context> {
  const em = deps.em.fork();
  const claims = sessionClaimsOf(req);
  let user: User | null = null;
  if (claims) {
    user = await deps.services.auth.resolveSession(em, claims);
    if (!user) req.session.delete();
  }
  const guestClaim = req.session.get(GUEST_KEY) || undefined;
  // A guest's link signs in to one entry; it stops working when the entry is cancelled or its event is long over.
  const guest = guestClaim ? await deps.services.guests.resolve(em, guestClaim) : null;
  return {
    em,
    actor: { user, ip: req.ip, guest },
    services: deps.services,
    session: {
      start(next) {
        req.session.set(CLAIMS_KEY, next);
      },
      end() {
        req.session.delete();
      },
      guestEntry: req.session.get(GUEST_ENTRY_KEY) || undefined,
      rememberGuestEntry(registrationId) {
        req.session.set(GUEST_ENTRY_KEY, registrationId);
      },
      signInGuest(registrationId) {
        // Empty signs the guest out and leaves the rest of the session (a signed-in member) as it is.
        req.session.set(GUEST_KEY, registrationId ?? '');
      },
      registrationId: typeof req.session.get(REGISTRATION_KEY) === 'string' ? req.session.get(REGISTRATION_KEY) : undefined,
      rememberRegistration(householdId) {
        req.session.set(REGISTRATION_KEY, householdId);
      },
      payer: {
        get key() {
          const key = req.session.get(PAYER_KEY);
          return typeof key === 'string' ? key : undefined;
        },
        ensureKey() {
          const key = req.session.get(PAYER_KEY);
          if (typeof key === 'string') return key;
          const made = randomBytes(24).toString('base64url');
          req.session.set(PAYER_KEY, made);
          return made;
        },
      },
    },
  };
}

declare module '@fastify/secure-session' {
  interface SessionData {
    claims: SessionClaims;
    registration: string;
    payer: string;
    guest: string;
    guestEntry: string;
  }
}
