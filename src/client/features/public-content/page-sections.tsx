import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicSection } from '../../../shared/cms.schema';
import { useTRPC, type Trpc } from '../../trpc';
import { CmsHtml } from './cms-html';
import { StoredImage } from '../../components/stored-image';

function TextSection({ content }: { content: string }) {
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Stack gap="xs">
      {paragraphs.map((p, i) => (
        <Text key={i} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {p}
        </Text>
      ))}
    </Stack>
  );
}

function Section({ section }: { section: PublicSection }) {
  if (section.contentType === 'image') {
    return section.content ? (
      <StoredImage
        src={section.content}
        alt={section.title}
        width={960}
        height={540}
        sizes="(max-width: 62em) 100vw, 960px"
        priority
        radius="md"
        fit="contain"
      />
    ) : null;
  }
  if (section.contentType === 'html') return <CmsHtml html={section.content} />;
  return <TextSection content={section.content} />;
}

/** The published sections of a page. */
export const pageSectionsQuery = (trpc: Trpc, pageSlug: string) => trpc.cms.sections.queryOptions({ pageSlug });

/** The published sections of a page, in the order the committee set (text, HTML or image). Nothing while loading or when empty. */
export function PageSections({ pageSlug }: { pageSlug: string }) {
  const sections = useQuery(pageSectionsQuery(useTRPC(), pageSlug));
  return <SectionList pageSlug={pageSlug} sections={sections.data ?? []} />;
}

/** Sections as they come (already in order); those without content are left out. */
export function SectionList({ pageSlug, sections }: { pageSlug: string; sections: PublicSection[] }) {
  const shown = sections.filter((s) => s.content.trim());
  if (shown.length === 0) return null;
  return (
    <Stack gap="md" data-testid={`sections-${pageSlug}`}>
      {shown.map((section) => (
        <Section key={section.sectionKey} section={section} />
      ))}
    </Stack>
  );
}
