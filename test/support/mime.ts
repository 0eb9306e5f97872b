/** A received e-mail, decoded enough for assertions: headers, text part, HTML part. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  /** The message's own headers, by lower-case name ('reply-to'). */
  headers: Record<string, string>;
}

function splitHeaders(block: string): { headers: Record<string, string>; body: string } {
  const index = block.search(/\r?\n\r?\n/);
  const head = index === -1 ? block : block.slice(0, index);
  const body = index === -1 ? '' : block.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function collectParts(block: string, out: { text: string; html: string }): void {
  const { headers, body } = splitHeaders(block);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (type.toLowerCase().startsWith('text/html')) out.html += decoded;
  else if (type.toLowerCase().startsWith('text/plain')) out.text += decoded;
}

export function parseMail(raw: string, envelope?: { from: string; to: string[] }): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return {
    from: envelope?.from ?? headers.from ?? '',
    to: envelope?.to ?? [headers.to ?? ''],
    subject: decodeWords(headers.subject ?? ''),
    text: parts.text,
    html: parts.html,
    raw,
    headers,
  };
}

/** The first link to the site in a mail's text part. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+?\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}
