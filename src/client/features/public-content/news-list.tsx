import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewsView } from '../../../shared/cms.schema';
import { formatClubLongDate } from '../../../shared/dates';
import { NEWS_LIMIT } from '../../../shared/screens';
import { useTRPC } from '../../trpc';
import { CmsHtml } from './cms-html';
import { StoredImage } from '../../components/stored-image';

function Article({ article }: { article: NewsView }) {
  const [open, setOpen] = useState(false);
  const when = article.publishedAt ?? article.createdAt;
  return (
    <Card withBorder radius="md" padding="lg" component="article" data-testid="news-article">
      {article.featuredImageUrl && (
        <Card.Section mb="md">
          <StoredImage
            src={article.featuredImageUrl}
            alt=""
            width={800}
            height={220}
            sizes="(max-width: 48em) 100vw, 800px"
            fit="cover"
            style={{ maxWidth: 'none', height: 220, aspectRatio: 'auto' }}
          />
        </Card.Section>
      )}
      <Stack gap="xs">
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {article.title}
        </Title>
        <Text size="sm" c="dimmed" component="time" dateTime={when}>
          {formatClubLongDate(when)}
        </Text>
        {article.excerpt && <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{article.excerpt}</Text>}
        {open && <CmsHtml html={article.content} />}
        <div>
          <Button variant="subtle" px={0} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Show less' : 'Read more'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

/** The published news, newest first; nothing while loading or when there is none. */
export function NewsList() {
  const trpc = useTRPC();
  const news = useQuery(trpc.cms.news.queryOptions({ limit: NEWS_LIMIT }));
  const articles = news.data ?? [];
  if (articles.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="news-title">
      <Title order={2} id="news-title">
        Club News
      </Title>
      {articles.map((article) => (
        <Article key={article.id} article={article} />
      ))}
    </Stack>
  );
}
