import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../shared/errors';
import { ROUTES } from '../../shared/screens';
import { SPONSOR_ADDRESS_LINK_DAYS } from '../../shared/sponsors';
import { Sponsor } from '../db/entities';
import { recordAudit } from '../platform/audit.service';

/**
 * A sponsor's contact address is typed into the public form by whoever fills it in, so it may be anyone's. Until the
 * applicant proves it (by pressing the button behind a link mailed to it), nothing they typed is mailed there: no
 * company name, no contact person, no invoice or pay link (whose page shows the company name). The acknowledgement
 * carries the first link; while the address is unproven, the committee's acceptance, renewal or new pay link sends
 * another link in the club's words instead of the invoice, and the invoices waiting for it go out once it is proven.
 * A receipt or credit note for money the committee took by hand then names nobody.
 */
const INVALID_LINK =
  'This confirmation link is not valid. It may have been replaced by a newer one: please use the link in the latest e-mail from the club, or contact the club.';
const EXPIRED_LINK = `This confirmation link has expired (it works for ${SPONSOR_ADDRESS_LINK_DAYS} days). Please contact the club, and the committee will send you a new one.`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the applicant proved the sponsor's contact address: only then may their own words be mailed to it. */
export const addressConfirmed = (sponsor: Pick<Sponsor, 'addressConfirmedAt'>): boolean => Boolean(sponsor.addressConfirmedAt);

/** A new link that confirms the sponsor's address (an earlier one stops working); stored with the caller's flush. */
export function newAddressLink(sponsor: Sponsor, now: Date, publicUrl: string): string {
  const token = randomBytes(32).toString('base64url');
  sponsor.addressTokenHash = hashToken(token);
  sponsor.addressLinkSentAt = now;
  return `${publicUrl}${ROUTES.sponsorConfirm}?token=${token}`;
}

/**
 * Spends a confirmation link, under the sponsor's row lock, in the caller's transaction. `fresh`: this press proved
 * the address (false: it was proven already, and pressing again changes nothing).
 */
export async function confirmAddressLink(em: EntityManager, token: string, now: Date): Promise<{ sponsor: Sponsor; fresh: boolean }> {
  const sponsor = await em.findOne(Sponsor, { addressTokenHash: hashToken(token) }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!sponsor) throw new AppError('BAD_REQUEST', INVALID_LINK);
  if (sponsor.addressConfirmedAt) return { sponsor, fresh: false };
  const sentAt = sponsor.addressLinkSentAt?.getTime() ?? 0;
  if (sentAt + SPONSOR_ADDRESS_LINK_DAYS * 86_400_000 <= now.getTime()) throw new AppError('BAD_REQUEST', EXPIRED_LINK);
  sponsor.addressConfirmedAt = now;
  recordAudit(em, {
    actor: null,
    actorLabel: 'sponsor address link',
    action: 'sponsor.addressConfirmed',
    entityType: 'Sponsor',
    entityId: sponsor.id,
    before: { email: sponsor.email, addressConfirmed: false },
    after: { email: sponsor.email, addressConfirmed: true },
  });
  return { sponsor, fresh: true };
}
