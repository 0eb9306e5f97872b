import sanitize from 'sanitize-html';
import { AppError } from '../../shared/errors';
import { imageAddressMessage, isImageAddress } from '../../shared/image-address';
import { pointsIntoApi } from '../../shared/site-urls';

/**
 * The allow-list for committee-written HTML (pages, HTML sections, news): structure and formatting
 * only. No scripts, event handlers, iframes, forms, style attributes or <style>; links only to
 * http(s), mailto and tel (never javascript:); images only from http(s) or our own paths. Neither a link nor an
 * image may lead into the site's own API (an image of /api/logout would act for whoever views the page).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Committee HTML made safe to show; applied when content is saved and again when it is served. */
export function sanitizeHtml(html: string, siteOrigin: string): string {
  return sanitize(html, {
    ...OPTIONS,
    transformTags: {
      a: (tagName, attribs) => {
        const kept = withoutApiUrl(attribs, 'href', siteOrigin);
        return { tagName, attribs: kept.target === '_blank' ? { ...kept, rel: 'noopener noreferrer' } : kept };
      },
      img: (tagName, attribs) => ({ tagName, attribs: withoutApiUrl(attribs, 'src', siteOrigin) }),
    },
    // An image left without its address is nothing to show.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim();
}

function withoutApiUrl(attribs: sanitize.Attributes, name: string, siteOrigin: string): sanitize.Attributes {
  const value = attribs[name];
  if (value === undefined || !pointsIntoApi(value, siteOrigin)) return attribs;
  const rest = { ...attribs };
  delete rest[name];
  return rest;
}

/** The images of committee HTML that break the image address rule (an http:// picture, say); those into the API are dropped instead. */
function refusedImages(html: string, siteOrigin: string): string[] {
  const found: string[] = [];
  sanitize(html, {
    allowedTags: ['img'],
    allowedAttributes: { img: ['src'] },
    transformTags: {
      img: (tagName, attribs) => {
        const src = attribs.src?.trim();
        if (src && !pointsIntoApi(src, siteOrigin) && !isImageAddress(src)) found.push(src);
        return { tagName, attribs };
      },
    },
  });
  return found;
}

/**
 * Committee HTML as it is saved: refused with a sentence (on `field`) when an image breaks the image address rule,
 * then made safe (`sanitizeHtml`).
 */
export function savedHtml(html: string, siteOrigin: string, field: string): string {
  const [refused] = refusedImages(html, siteOrigin);
  if (refused)
    throw new AppError('BAD_REQUEST', `${imageAddressMessage('Every image')} This one is not: ${refused.slice(0, 120)}`, { field });
  return sanitizeHtml(html, siteOrigin);
}
