import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/server/content/html';

const SITE = 'https://club.example';

/** Classic XSS payloads (OWASP filter-evasion cheat sheet and friends). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=" &#14;  javascript:alert(1);">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name=password></form>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<style>body{display:none}</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<p onmouseover="alert(1)">hover</p>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="//evil.example">protocol-relative</a>',
  '<img src="//evil.example/x.png">',
];

describe('the HTML sanitiser', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const clean = sanitizeHtml(payload, SITE);
    expect(clean).not.toMatch(/<\s*(script|iframe|object|embed|form|input|style|link|meta|base|svg|math|body|video|source|details)\b/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/\sstyle\s*=/i);
    expect(clean).not.toMatch(/\ssrcdoc\s*=/i);
    expect(clean).not.toMatch(/(href|src)="\/\//i);
  });

  it('keeps the formatting a committee writes', () => {
    const html =
      '<h2>Bream Bash</h2><p>Meet at <strong>7am</strong> at <a href="https://maps.example/jack-evans">Jack Evans</a>.</p><ul><li>Lures only</li></ul><img src="https://club.example/fish.jpg" alt="A bream"><table><tr><td>1st</td><td>$100</td></tr></table>';
    expect(sanitizeHtml(html, SITE)).toBe(
      '<h2>Bream Bash</h2><p>Meet at <strong>7am</strong> at <a href="https://maps.example/jack-evans">Jack Evans</a>.</p><ul><li>Lures only</li></ul><img src="https://club.example/fish.jpg" alt="A bream" /><table><tr><td>1st</td><td>$100</td></tr></table>',
    );
  });

  it('lets new-tab links not reach back into the site, and keeps mailto and tel', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>', SITE)).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:committee@club.example">e-mail</a> <a href="tel:+61755361234">call</a>', SITE)).toBe(
      '<a href="mailto:committee@club.example">e-mail</a> <a href="tel:+61755361234">call</a>',
    );
  });

  it("strips images and links that lead into the site's own API, however they are written", () => {
    const intoApi = [
      '/api/logout',
      'api/logout',
      './api/logout',
      '../../api/logout',
      '/pages/../api/logout',
      '/API/logout',
      '//api/logout',
      '/%61pi/logout',
      '&#47;api&#47;logout',
      '/trpc/auth.logout',
      'https://club.example/api/logout',
      'http://club.example:8080/api/logout?x=1',
      'https://www.club.example/trpc/auth.me',
      '//club.example/api/logout',
      '/\\club.example/api/logout',
      '/api/objects/images/00000000-0000-4000-8000-000000000000.webp?x',
    ];
    for (const url of intoApi) {
      expect(sanitizeHtml(`<p><img src="${url}" alt="x"></p>`, SITE), url).toBe('<p></p>');
      expect(sanitizeHtml(`<a href="${url}">sign out</a>`, SITE), url).toBe('<a>sign out</a>');
    }
    // The site's own uploaded images, its pages, and other sites' /api addresses stay.
    const kept = [
      '/api/objects/images/00000000-0000-4000-8000-000000000000.webp',
      '/pages/api',
      '/apiary',
      'https://sponsor.example/api/logo.png',
      '/member?tab=events',
    ];
    for (const url of kept) {
      expect(sanitizeHtml(`<img src="${url}" alt="x">`, SITE), url).toBe(`<img src="${url.replace(/&/g, '&amp;')}" alt="x" />`);
      expect(sanitizeHtml(`<a href="${url}">x</a>`, SITE), url).toBe(`<a href="${url.replace(/&/g, '&amp;')}">x</a>`);
    }
  });
});
