/* Step 3: sponsors apply and confirm their address, the committee reviews them, and their invoices are paid online or by hand. */
import { addDays, clubToday, type IsoDate } from '../../shared/dates';
import { ROUTES } from '../../shared/screens';
import {
  nextSeason,
  recordSponsorPaymentInput,
  renewSponsorInput,
  sponsorApplicationInput,
  sponsorReviewInput,
} from '../../shared/sponsors.schema';
import { invoiceSeason } from '../payments/sponsor-invoices';
import { Payment, Sponsor } from '../db/entities';
import { SPONSORS, type DemoSponsorPayment } from './demo-data';
import { sponsorLogo } from './demo-images';
import { hhmm, type DemoContext } from './context';

export async function seedSponsors(demo: DemoContext) {
  for (const plan of SPONSORS) {
    const applied = demo.local(addDays(demo.today, -plan.appliedDaysAgo), hhmm(demo.rng.int(9 * 60, 17 * 60)));
    await demo.at(applied, () =>
      demo.services.sponsors.apply(
        demo.em,
        demo.actor(null),
        sponsorApplicationInput.parse({
          companyName: plan.companyName,
          contactPerson: plan.contactPerson,
          email: plan.email,
          phone: plan.phone,
          address: plan.address,
          sponsorshipType: plan.sponsorshipType,
          comments: plan.comments,
        }),
      ),
    );
    // The pending applicant has not confirmed the address yet (the committee sees it noted); the others did that evening.
    if (plan.outcome.status === 'pending') continue;
    const token = demo.mail.linkTo(plan.email, ROUTES.sponsorConfirm);
    await demo.at(new Date(applied.getTime() + 3 * 3600_000), () =>
      demo.services.sponsors.confirmAddress(demo.em, demo.actor(null), token),
    );
    const outcome = plan.outcome;
    const reviewed = demo.local(addDays(demo.today, -outcome.reviewedDaysAgo), hhmm(demo.rng.int(18 * 60, 21 * 60)));
    const sponsor = await demo.em.findOneOrFail(Sponsor, { email: plan.email });
    if (outcome.status === 'declined') {
      await demo.at(reviewed, () =>
        demo.services.sponsors.review(demo.em, demo.admin.actor, sponsorReviewInput.parse({ id: sponsor.id, status: 'declined' })),
      );
      continue;
    }
    const logoUrl = await demo.storedImageUrlAt(reviewed, await sponsorLogo({ name: plan.companyName, ...outcome.logo }));
    await demo.at(new Date(reviewed.getTime() + 60_000), () =>
      demo.services.sponsors.review(
        demo.em,
        demo.admin.actor,
        sponsorReviewInput.parse({
          id: sponsor.id,
          status: 'active',
          logoUrl,
          websiteUrl: outcome.website,
          endDate: outcome.endsInDays === null ? null : addDays(demo.today, outcome.endsInDays),
        }),
      ),
    );
    // Each season is invoiced on acceptance or renewal and counts as money only once it is paid.
    if (outcome.paid) await payLatestInvoice(demo, sponsor, addDays(clubToday(reviewed), outcome.paid.daysAfter), outcome.paid);
    if (outcome.renewed) {
      const renewedOn = addDays(demo.today, -outcome.renewed.daysAgo);
      const latest = await latestInvoice(demo, sponsor);
      await demo.at(demo.local(renewedOn, hhmm(demo.rng.int(18 * 60, 21 * 60))), () =>
        demo.services.sponsors.renew(
          demo.em,
          demo.admin.actor,
          renewSponsorInput.parse({ id: sponsor.id, season: nextSeason(invoiceSeason(latest)) }),
        ),
      );
      if (outcome.renewed.paid)
        await payLatestInvoice(demo, sponsor, addDays(renewedOn, outcome.renewed.paid.daysAfter), outcome.renewed.paid);
    }
  }
}

async function latestInvoice(demo: DemoContext, sponsor: Sponsor): Promise<Payment> {
  const [latest] = await demo.em.find(
    Payment,
    { sponsor, kind: 'sponsorship', refundOf: null },
    { orderBy: { season: 'desc', createdAt: 'desc' }, limit: 1 },
  );
  return latest;
}

/** A sponsor pays their newest invoice on `day`: online with the demo provider, or by hand to the committee. */
async function payLatestInvoice(demo: DemoContext, sponsor: Sponsor, day: IsoDate, payment: DemoSponsorPayment) {
  const invoice = await latestInvoice(demo, sponsor);
  const when = demo.local(day, hhmm(demo.rng.int(9 * 60, 17 * 60)));
  if (payment.method === 'demo') {
    await demo.at(when, async () => {
      await demo.services.sponsors.orderInvoice(demo.em, invoice);
      await demo.services.sponsors.captureInvoice(demo.em, invoice, { actor: null, label: 'sponsor pay link' });
    });
    return;
  }
  await demo.at(when, () =>
    demo.services.sponsors.recordPayment(
      demo.em,
      demo.admin.actor,
      recordSponsorPaymentInput.parse({
        invoiceId: invoice.id,
        method: payment.method,
        paidOn: clubToday(demo.clock.now()),
        reference: payment.reference,
      }),
    ),
  );
}
