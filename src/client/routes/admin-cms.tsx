import { Anchor, Container, Stack, Tabs, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { NewsTab } from '../features/cms/news-tab';
import { PagesTab } from '../features/cms/pages-tab';
import { SectionsTab } from '../features/cms/sections-tab';
import { SettingsTab } from '../features/cms/settings-tab';

/** SPEC §2.14: content management: pages, sections, settings and news. Lazy-loaded. */
export default function AdminCmsPage() {
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
        <Tabs defaultValue="pages" keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            <Tabs.Tab value="pages">Pages</Tabs.Tab>
            <Tabs.Tab value="sections">Sections</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
            <Tabs.Tab value="news">News</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="pages" pt="md">
            <PagesTab />
          </Tabs.Panel>
          <Tabs.Panel value="sections" pt="md">
            <SectionsTab />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <SettingsTab />
          </Tabs.Panel>
          <Tabs.Panel value="news" pt="md">
            <NewsTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
