import { Box, Text } from '@mantine/core';

/**
 * The HTML as the site will show it, near enough: scripts, frames, objects and event handlers come out
 * (the server's allow-list removes them, and more, when the content is saved). Parsing with DOMParser runs nothing.
 */
function withoutActiveContent(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('script, iframe, object, embed, style, link, meta, base, form').forEach((el) => el.remove());
  doc.querySelectorAll('*').forEach((el) => {
    // A copy: the attribute list is live and shrinks as attributes are removed.
    for (const attr of Array.from(el.attributes))
      if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) el.removeAttribute(attr.name);
  });
  return doc.body.innerHTML;
}

/**
 * The document shown in the preview frame, with a readable default look. The sandboxed frame below is
 * what keeps the preview harmless whatever was typed.
 */
export function previewDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:12px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:15px;line-height:1.5;color:#212529;overflow-wrap:anywhere}img,video,iframe{max-width:100%;height:auto}table{max-width:100%;border-collapse:collapse}</style></head><body>${withoutActiveContent(html)}</body></html>`;
}

/** SPEC §2.14: live preview of HTML content, inside a sandboxed frame (no scripts, no forms, no navigation). */
export function HtmlPreview({ html, height = 240 }: { html: string; height?: number }) {
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        Preview
      </Text>
      <Box
        style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      >
        <iframe
          sandbox=""
          srcDoc={previewDocument(html)}
          title="Preview"
          style={{ display: 'block', width: '100%', height, border: 0, background: '#fff' }}
        />
      </Box>
    </Box>
  );
}
