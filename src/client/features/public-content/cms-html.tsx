import { Typography } from '@mantine/core';
import './cms-html.css';

/**
 * HTML written in the content manager. The server sanitises it when it is saved and again when
 * it is served, so it is rendered as it comes; Typography gives headings, lists and images a readable look.
 */
export function CmsHtml({ html }: { html: string }) {
  return <Typography className="cms-content" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
