import { formatAud } from '../../shared/membership';
import { SPONSOR_TYPE_NAMES } from '../../shared/sponsors';
import type { PublicSponsor } from '../../shared/sponsors.schema';

/** '$1,000.00' from the API's '1000.00'. */
export function sponsorAmountText(amount: string): string {
  const dollars = Number(amount);
  return Number.isFinite(dollars) ? formatAud(Math.round(dollars * 100)) : `$${amount}`;
}

/** 'Shirt Sponsor', 'Shirt & Website Sponsor'. */
export const sponsorTypeText = (sponsor: Pick<PublicSponsor, 'sponsorshipType'>) =>
  `${SPONSOR_TYPE_NAMES[sponsor.sponsorshipType] ?? sponsor.sponsorshipType} Sponsor`;

/** A sponsor's web address if it is one we are willing to link to (http(s) or a path on this site). */
export function sponsorHref(url: string | null | undefined): string | null {
  const value = url?.trim();
  return value && /^(https?:\/\/|\/(?!\/))/i.test(value) ? value : null;
}

/** Outbound sponsor links: new tab, no opener or referrer, and marked as paid. */
export const SPONSOR_LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer sponsored' } as const;
