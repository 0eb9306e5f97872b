import { CLUB } from '../../shared/club';
import { formatAud } from '../../shared/membership';
import { SPONSORSHIP_LABELS, type SponsorshipType } from '../../shared/sponsors.schema';
import { renderEmail } from './layout';

interface Application {
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string | null;
  comments: string | null;
  sponsorshipType: SponsorshipType;
  amountCents: number;
}

const packageLine = (a: Application) => `${SPONSORSHIP_LABELS[a.sponsorshipType]} (${formatAud(a.amountCents)} a year)`;

/** To the applicant: we have it, and when they will hear from us (SPEC §8: within 2 business days). */
export const sponsorAcknowledgementMessage = (a: Application) =>
  renderEmail({
    subject: `Thank you for offering to sponsor ${CLUB.name}`,
    preview: 'We will contact you within 2 business days.',
    greeting: `Hello ${a.contactPerson},`,
    paragraphs: [
      `Thank you for applying to sponsor ${CLUB.name} on behalf of ${a.companyName}.`,
      `Package: ${packageLine(a)}.`,
      'A member of our committee will contact you within 2 business days to talk through the details and arrange your logo.',
      `Questions in the meantime? Reply to this e-mail or write to ${CLUB.contactEmail}.`,
    ],
    footnote: `${CLUB.name} · Incorporated association ${CLUB.associationNumber}`,
  });

/** To the club's contact address: a new application to review. */
export const sponsorNoticeMessage = (a: Application, reviewUrl: string) =>
  renderEmail({
    subject: `New sponsor application: ${a.companyName}`,
    preview: packageLine(a),
    greeting: 'Hello committee,',
    paragraphs: [
      `${a.companyName} has applied for the ${packageLine(a)}.`,
      `Contact: ${a.contactPerson}, ${a.email}, ${a.phone}${a.address ? `, ${a.address}` : ''}.`,
      a.comments ? `Comments: ${a.comments}` : 'No comments were added.',
      'They have been told to expect a reply within 2 business days.',
    ],
    button: { label: 'Review sponsor applications', url: reviewUrl },
    footnote: CLUB.name,
  });
