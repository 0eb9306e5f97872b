import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CMS_DEFAULT_TAB, type CmsTab } from '../../shared/tab-search';
import { ScreenTabs } from '../components/screen-tabs';
import { NewsTab } from '../features/cms/news-tab';
import { PagesTab } from '../features/cms/pages-tab';
import { SectionsTab } from '../features/cms/sections-tab';
import { SettingsTab } from '../features/cms/settings-tab';

/** Content management: pages, sections, settings and news. Lazy-loaded. The open tab is in the address (?tab=news). */
export default function AdminCmsPage() {
  const tab: CmsTab = useSearch({ from: '/admin/cms' }).tab ?? CMS_DEFAULT_TAB;
  const navigate = useNavigate();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="sm">
          <Anchor component={Link} to="/admin" size="sm">
            ← Back to administration
          </Anchor>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            Content Management System
          </Title>
        </Stack>
        <ScreenTabs
          value={tab}
          onChange={(value) => void navigate({ to: '/admin/cms', search: { tab: (value as CmsTab | null) ?? CMS_DEFAULT_TAB } })}
          tabs={[
            { value: 'pages', label: 'Pages', panel: <PagesTab /> },
            { value: 'sections', label: 'Sections', panel: <SectionsTab /> },
            { value: 'settings', label: 'Settings', panel: <SettingsTab /> },
            { value: 'news', label: 'News', panel: <NewsTab /> },
          ]}
        />
      </Stack>
    </Container>
  );
}
