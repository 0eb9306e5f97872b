/**
 * What a person typed as a link's address, made into one a page may hold: a web address (https:// added to a bare
 * `tweedcoastanglers.org.au`), a path of this site (`/pages/about`), an e-mail address (mailto:) or a phone number
 * (tel:). Null for anything else (javascript:, data:, words with spaces): the server would remove it anyway.
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  if (/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(text)) return text;
  if (/^tel:\+?[\d\s()-]{6,}$/i.test(text)) return `tel:${text.slice(4).replace(/[\s()-]/g, '')}`;
  if (/^\/(?!\/)\S*$/.test(text)) return text;
  if (/^[^\s@/:]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`;
  if (/^\+?[\d\s()-]{6,}$/.test(text) && /\d{6}/.test(text.replace(/\D/g, ''))) return `tel:${text.replace(/[\s()-]/g, '')}`;
  const web = /^https?:\/\//i.test(text) ? text : /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(text) ? `https://${text}` : null;
  if (!web) return null;
  try {
    const url = new URL(web);
    return url.hostname.includes('.') || url.hostname === 'localhost' ? web : null;
  } catch {
    return null;
  }
}

/** The sentence shown when an address is not one a page may link to. */
export const LINK_ADDRESS_MESSAGE =
  'Enter a web address (https://...), a page of this site (/pages/...), an e-mail address or a phone number.';
