import { regionLine, type ClubProfile } from '../../shared/club-profile';
import { lazy } from '../lazy';

const mjml = lazy(() => import('mjml'));

import { escapeHtml } from '../../shared/escape-html';

export { escapeHtml };

export interface EmailContent {
  subject: string;
  /** Short line shown by mail apps next to the subject. */
  preview: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Small print under the button, such as how long a link is valid. */
  footnote?: string;
}

/** The club as a footnote signs it: its name, and its incorporated association number when it has one. */
export const clubSignature = (club: Pick<ClubProfile, 'name' | 'associationNumber'>) =>
  club.associationNumber ? `${club.name} · Incorporated association ${club.associationNumber}` : club.name;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * The top of every e-mail in the club's look (MJML): its head (title, preview line, fonts) and the opening of its body
 * with the club's name and region, in its colours; the caller's sections and `</mj-body>` follow.
 */
export function clubMailTop(club: ClubProfile, subject: string, preview: string): string {
  const { colours } = club;
  return `<mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="24px" color="#1a1a1a" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${colours.sand}">
    <mj-section background-color="${colours.primaryDark}" padding="20px">
      <mj-column>
        <mj-text color="#ffffff" font-size="22px" font-weight="bold" align="center">${escapeHtml(club.name)}</mj-text>
        <mj-text color="#cfe4fa" font-size="13px" align="center" padding-top="0">${escapeHtml(regionLine(club))}</mj-text>
      </mj-column>
    </mj-section>`;
}

/** Renders one e-mail in the club's look (MJML), named and coloured as its profile says, with a matching plain-text part. */
export async function renderEmail(club: ClubProfile, content: EmailContent): Promise<RenderedEmail> {
  const { colours } = club;
  const paragraphs = content.paragraphs.map((p) => `<mj-text>${escapeHtml(p)}</mj-text>`).join('\n');
  const button = content.button
    ? `<mj-button href="${escapeHtml(content.button.url)}" background-color="${colours.primary}" border-radius="6px" font-size="16px" padding="20px 0">${escapeHtml(content.button.label)}</mj-button>
       <mj-text font-size="13px" color="#555">If the button does not work, copy this address into your browser:<br/><a href="${escapeHtml(content.button.url)}" style="color:${colours.primary};word-break:break-all">${escapeHtml(content.button.url)}</a></mj-text>`
    : '';
  const footnote = content.footnote ? `<mj-text font-size="13px" color="#555">${escapeHtml(content.footnote)}</mj-text>` : '';
  const source = `<mjml>
  ${clubMailTop(club, content.subject, content.preview)}
    <mj-section background-color="#ffffff" padding="24px 16px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">${escapeHtml(content.greeting)}</mj-text>
        ${paragraphs}
        ${button}
        ${footnote}
      </mj-column>
    </mj-section>
    <mj-section padding="12px">
      <mj-column>
        <mj-text font-size="12px" color="#666" align="center">You received this e-mail because this address was used on the ${escapeHtml(club.name)} website.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { default: mjml2html } = await mjml();
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict' });
  if (errors.length) throw new Error(`E-mail template is invalid: ${errors.map((e) => e.formattedMessage).join('; ')}`);

  const text = [
    club.name,
    '',
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `You received this e-mail because this address was used on the ${club.name} website.`,
  ].join('\n');
  return { subject: content.subject, html, text };
}
