import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { SPONSOR_STATUSES, SPONSORSHIP_TYPES } from '../../../shared/sponsors.schema';

/** A sponsor application and, once the committee accepts it, a sponsor shown on the site. */
const SponsorSchema = defineEntity({
  name: 'Sponsor',
  tableName: 'sponsors',
  indexes: [{ properties: ['status', 'endDate'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    companyName: p.string().length(120),
    contactPerson: p.string().length(120),
    email: p.string().length(254),
    phone: p.string().length(40),
    address: p.string().length(300).nullable(),
    comments: p.text().nullable(),
    sponsorshipType: p.enum(SPONSORSHIP_TYPES),
    /** From the package at the time of application. */
    amountCents: p.integer(),
    status: p.enum(SPONSOR_STATUSES).default('pending'),
    logoUrl: p.string().length(500).nullable(),
    websiteUrl: p.string().length(500).nullable(),
    /** The last day shown publicly (club date); null = open-ended. */
    endDate: p.string().length(10).nullable(),
    reviewedAt: p.datetime().nullable(),
    /**
     * When the applicant proved `email` through the link mailed to it; until then nothing they typed (company name,
     * contact person) is mailed there, and no invoice goes out (see content/sponsor-address.ts).
     */
    addressConfirmedAt: p.datetime().nullable(),
    /** SHA-256 of the newest confirmation link's secret, hex; replaced when another goes out. */
    addressTokenHash: p.string().length(64).nullable().unique(),
    /** When that link went out (it works for SPONSOR_ADDRESS_LINK_DAYS). */
    addressLinkSentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Sponsor extends SponsorSchema.class {}
SponsorSchema.setClass(Sponsor);
