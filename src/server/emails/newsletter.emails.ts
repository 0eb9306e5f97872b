import sanitize from 'sanitize-html';
import type { ClubProfile } from '../../shared/club-profile';
import type { NewsletterSponsor } from '../../shared/newsletters.schema';
import { lazy } from '../lazy';
import { clubMailTop, escapeHtml } from './layout';

const mjml = lazy(() => import('mjml'));

/** Stands for each recipient's own unsubscribe address in a rendered newsletter (replaced per message). */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/__recipient__';

export interface NewsletterContent {
  subject: string;
  /** Sanitised HTML from the editor. */
  bodyHtml: string;
  /** The website sponsors whose logos the footer carries. */
  sponsors: NewsletterSponsor[];
  /** The club's meeting night (a site setting), shown in the footer when set. */
  meetingNight?: string | null;
  publicUrl: string;
  /** Said above the message: a test send, or nothing. */
  banner?: string;
}

export interface RenderedNewsletterMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Relative addresses (uploaded images, links to the site's pages) made absolute with PUBLIC_URL, since a mail app
 * has no page to resolve them against; anything else is left as it is.
 */
export function absoluteUrls(html: string, publicUrl: string): string {
  // The HTML has been through the sanitiser, which writes every attribute in double quotes.
  return html
    .replace(/(<(?:img|a)\b[^>]*?\s(?:src|href)=")\/(?!\/)/gi, `$1${publicUrl}/`)
    .replace(/<img\b(?![^>]*\sstyle=)/gi, '<img style="max-width:100%;height:auto"');
}

/** The message as plain text: paragraphs, list items and headings on lines of their own, links with their address. */
export function htmlToText(html: string): string {
  // Links keep their address, and blocks their lines, before every tag is dropped.
  const structured = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.replace(/<[^>]*>/g, '').trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<img\b[^>]*alt="([^"]+)"[^>]*>/gi, '[$1]')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|li|blockquote|div|tr|figure)>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n');
  const text = sanitize(structured, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const absoluteOrNull = (url: string | null, publicUrl: string) =>
  url && url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;

/**
 * A newsletter in the club's look (its name, region and colours from its profile): the message as written, then the
 * website sponsors' logos, the meeting night and the unsubscribe link ({@link UNSUBSCRIBE_PLACEHOLDER} until each
 * recipient's own replaces it).
 */
export async function renderNewsletter(club: ClubProfile, content: NewsletterContent): Promise<RenderedNewsletterMail> {
  const body = absoluteUrls(content.bodyHtml, content.publicUrl);
  const sponsors = content.sponsors.map((s) => ({ ...s, logoUrl: absoluteOrNull(s.logoUrl, content.publicUrl) }));
  const logos = sponsors
    .map((s) => {
      const inner = s.logoUrl
        ? `<img src="${escapeHtml(s.logoUrl)}" alt="${escapeHtml(s.name)}" height="48" style="height:48px;max-width:160px;margin:6px 10px;vertical-align:middle" />`
        : `<span style="display:inline-block;margin:6px 10px;font-weight:bold;color:#333">${escapeHtml(s.name)}</span>`;
      return s.websiteUrl ? `<a href="${escapeHtml(s.websiteUrl)}" style="text-decoration:none">${inner}</a>` : inner;
    })
    .join(' ');
  const sponsorSection = sponsors.length
    ? `<mj-section background-color="#ffffff" padding="8px 16px 16px">
      <mj-column>
        <mj-divider border-width="1px" border-color="#e5e5e5" />
        <mj-text font-size="13px" color="#555" align="center">Thank you to our sponsors</mj-text>
        <mj-text align="center">${logos}</mj-text>
      </mj-column>
    </mj-section>`
    : '';
  const banner = content.banner
    ? `<mj-section background-color="#fff3bf" padding="8px 16px"><mj-column><mj-text font-size="14px" align="center">${escapeHtml(content.banner)}</mj-text></mj-column></mj-section>`
    : '';
  const meeting = content.meetingNight
    ? `<mj-text font-size="12px" color="#666" align="center" padding-bottom="0">Meetings: ${escapeHtml(content.meetingNight)}</mj-text>`
    : '';
  const source = `<mjml>
  ${clubMailTop(club, content.subject, htmlToText(content.bodyHtml).slice(0, 120))}
    ${banner}
    <mj-section background-color="#ffffff" padding="24px 16px 8px">
      <mj-column>
        <mj-text font-size="22px" line-height="30px" font-weight="bold">${escapeHtml(content.subject)}</mj-text>
        <mj-text>${body}</mj-text>
      </mj-column>
    </mj-section>
    ${sponsorSection}
    <mj-section padding="12px">
      <mj-column>
        ${meeting}
        <mj-text font-size="12px" color="#666" align="center">You receive this newsletter from the ${escapeHtml(club.name)}. <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#666">Unsubscribe from newsletters</a> (receipts, sign-in links and reminders still come).</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { default: mjml2html } = await mjml();
  // 'soft': the message is the committee's HTML (already sanitised), which MJML's strict checks do not know.
  const { html } = await mjml2html(source, { validationLevel: 'soft' });
  const text = [
    club.name,
    '',
    ...(content.banner ? [content.banner, ''] : []),
    content.subject,
    '',
    htmlToText(body),
    '',
    ...(sponsors.length ? [`Thank you to our sponsors: ${sponsors.map((s) => s.name).join(', ')}.`, ''] : []),
    ...(content.meetingNight ? [`Meetings: ${content.meetingNight}`, ''] : []),
    `Unsubscribe from newsletters: ${UNSUBSCRIBE_PLACEHOLDER}`,
  ].join('\n');
  return { subject: content.subject, html, text };
}

/** One recipient's copy: their own unsubscribe address in the footer. */
export function personalise(mail: RenderedNewsletterMail, unsubscribeUrl: string): RenderedNewsletterMail {
  return {
    subject: mail.subject,
    html: mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(unsubscribeUrl)),
    text: mail.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
