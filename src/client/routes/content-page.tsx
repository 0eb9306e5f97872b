import { Alert, Anchor, Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SectionLoader } from '../components/full-screen-loader';
import { CmsHtml } from '../features/public-content/cms-html';
import { SectionList } from '../features/public-content/page-sections';
import { useSiteSettings } from '../features/public-content/use-site-settings';
import { errorCode, serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';

/**
 * Sets the tab title and the description meta tag while the page is shown, and puts back what
 * was there before when it goes (the tag is removed again if this created it).
 */
function useDocumentHead(title: string | null, description: string | null) {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!description) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    const previous = tag?.getAttribute('content') ?? null;
    if (!tag) {
      tag = document.createElement('meta');
      tag.setAttribute('name', 'description');
      document.head.appendChild(tag);
    }
    tag.setAttribute('content', description);
    const current = tag;
    return () => {
      if (created) current.remove();
      else if (previous === null) current.removeAttribute('content');
      else current.setAttribute('content', previous);
    };
  }, [description]);
}

function PageNotFound() {
  return (
    <Center px="md" py={64}>
      <Stack align="center" gap="md" ta="center" maw={480}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Page not found
        </Title>
        <Text c="dimmed">This page does not exist or is no longer published.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}

/** /pages/$slug: a published page from the content manager, then the published sections of its slug, in order. */
export function ContentPage() {
  const { slug = '' } = useParams({ strict: false });
  const trpc = useTRPC();
  const { siteTitle } = useSiteSettings();
  const page = useQuery(trpc.cms.contentPage.queryOptions({ slug }));
  const data = page.data ?? null;
  useDocumentHead(data ? `${data.title} · ${siteTitle}` : null, data?.metaDescription?.trim() || null);

  if (page.isPending) return <SectionLoader label="Loading page..." />;
  // A slug that cannot exist (BAD_REQUEST) is as missing as an unpublished one.
  const missing = page.isError && ['NOT_FOUND', 'BAD_REQUEST'].includes(errorCode(page.error) ?? '');
  if (missing || (page.isSuccess && !data)) return <PageNotFound />;
  if (page.isError || !data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" variant="light" title="Could not load this page">
          {serverMessage(page.error) ?? 'Please try again later.'}{' '}
          <Anchor component={Link} to="/" inherit>
            Back to home
          </Anchor>
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="md" py="xl" component="article">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
          {data.title}
        </Title>
        {data.content.trim() && <CmsHtml html={data.content} />}
        <SectionList pageSlug={data.slug} sections={data.sections} />
      </Stack>
    </Container>
  );
}
