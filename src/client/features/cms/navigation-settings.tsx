import { ActionIcon, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageView } from '../../../shared/cms.schema';
import {
  MAX_FOOTER_PAGES,
  MAX_MENU_PAGES,
  parseSiteNavigation,
  SITE_NAVIGATION_SETTING,
  type SiteNavigation,
} from '../../../shared/site-navigation';
import { LineIcon } from '../../components/line-icon';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useRefresh } from './cms-common';

type Place = keyof SiteNavigation;
const PLACES: { place: Place; label: string; max: number; description: string }[] = [
  {
    place: 'menu',
    label: 'Menu',
    max: MAX_MENU_PAGES,
    description: 'Beside Home and Sponsors at the top of every page (the menu button on a phone).',
  },
  { place: 'footer', label: 'Footer', max: MAX_FOOTER_PAGES, description: 'At the bottom of every page.' },
];

/**
 * The content pages the menu and the footer link to, in order (the site_navigation setting): pick pages, move them
 * up or down, save. A draft page is listed but shows on the site once it is published.
 */
export function NavigationSettings() {
  const trpc = useTRPC();
  const pages = useQuery(trpc.admin.cms.pages.list.queryOptions());
  const settings = useQuery(trpc.admin.cms.settings.list.queryOptions());
  const refresh = useRefresh(trpc.admin.cms.settings.list.queryKey());
  const stored = parseSiteNavigation(settings.data?.find((s) => s.settingKey === SITE_NAVIGATION_SETTING)?.settingValue);
  // Unsaved changes; null while the card shows what is saved.
  const [draft, setDraft] = useState<SiteNavigation | null>(null);
  const navigation = draft ?? stored;
  const save = useMutation(
    trpc.admin.cms.settings.save.mutationOptions({
      onSuccess: () => {
        toast.success('Menu and footer saved');
        setDraft(null);
        void refresh();
      },
      onError: (error) => toast.error('Failed to save the menu and footer', serverMessage(error)),
    }),
  );

  const change = (place: Place, slugs: string[]) => setDraft({ ...navigation, [place]: slugs });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="navigation-settings-title">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="lg" id="navigation-settings-title">
            Menu and footer
          </Title>
          <Text size="sm" c="dimmed">
            The content pages visitors reach from every page, in this order.
          </Text>
        </div>
        {pages.isSuccess && pages.data.length === 0 ? (
          <Text size="sm">No pages yet: create one on the Pages tab, then link it here.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {PLACES.map(({ place, label, max, description }) => (
              <PagePicker
                key={place}
                label={label}
                description={description}
                max={max}
                slugs={navigation[place]}
                pages={pages.data ?? []}
                onChange={(slugs) => change(place, slugs)}
              />
            ))}
          </SimpleGrid>
        )}
        <Group gap="sm">
          <Button
            onClick={() =>
              save.mutate({ settingKey: SITE_NAVIGATION_SETTING, settingType: 'json', settingValue: JSON.stringify(navigation) })
            }
            disabled={draft === null}
            loading={save.isPending}
            mih={44}
          >
            Save menu and footer
          </Button>
          {draft !== null && (
            <Button variant="default" onClick={() => setDraft(null)} disabled={save.isPending} mih={44}>
              Undo changes
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A page in the menu or the footer: its place and name (and 'Draft'), with up, down and remove. */
function PickedPage({
  slug,
  index,
  count,
  page,
  where,
  onMove,
  onRemove,
}: {
  slug: string;
  index: number;
  count: number;
  page: PageView | undefined;
  where: string;
  onMove: (from: number, to: number) => void;
  onRemove: (slug: string) => void;
}) {
  const name = page?.title ?? `/pages/${slug}`;
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between">
      <Group gap={6} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {index + 1}. {name}
        </Text>
        {page && !page.published && (
          <Badge color="gray" variant="light" title="Shows once the page is published">
            Draft
          </Badge>
        )}
      </Group>
      <Group gap={2} wrap="nowrap">
        <IconButton
          label={`Move ${name} up in the ${where}`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
          path="M12 19V5M5 12l7-7 7 7"
        />
        <IconButton
          label={`Move ${name} down in the ${where}`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
          path="M12 5v14M19 12l-7 7-7-7"
        />
        <IconButton label={`Remove ${name} from the ${where}`} onClick={() => onRemove(slug)} path="M18 6 6 18M6 6l12 12" />
      </Group>
    </Group>
  );
}

/** 'Add a page to the menu': the pages not yet in it, and 'Add'. */
function AddPage({
  available,
  chosen,
  where,
  onChoose,
  onAdd,
}: {
  available: PageView[];
  chosen: string;
  where: string;
  onChoose: (slug: string) => void;
  onAdd: (slug: string) => void;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NativeSelect
        label={`Add a page to the ${where}`}
        value={chosen}
        onChange={(e) => onChoose(e.currentTarget.value)}
        data={available.map((p) => ({ value: p.slug, label: p.published ? p.title : `${p.title} (draft)` }))}
        style={{ flex: 1, minWidth: 0 }}
        size="md"
        styles={{ input: { minHeight: 44 } }}
      />
      <Button variant="light" onClick={() => chosen && onAdd(chosen)} mih={44} aria-label={`Add to the ${where}`}>
        Add
      </Button>
    </Group>
  );
}

/** The pages of the menu or the footer, in order, to move, remove and add to (up to its most). */
function PagePicker({
  label,
  description,
  max,
  slugs,
  pages,
  onChange,
}: {
  label: string;
  description: string;
  max: number;
  slugs: string[];
  pages: PageView[];
  onChange: (slugs: string[]) => void;
}) {
  const [adding, setAdding] = useState('');
  const where = label.toLowerCase();
  const available = pages.filter((p) => !slugs.includes(p.slug));
  const chosen = available.some((p) => p.slug === adding) ? adding : (available[0]?.slug ?? '');
  const move = (from: number, to: number) => {
    const next = [...slugs];
    const [slug] = next.splice(from, 1);
    next.splice(to, 0, slug);
    onChange(next);
  };

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <div>
        <Text fw={600}>{label}</Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      {slugs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pages in the {where}.
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {slugs.map((slug, i) => (
            <PickedPage
              key={slug}
              slug={slug}
              index={i}
              count={slugs.length}
              page={pages.find((p) => p.slug === slug)}
              where={where}
              onMove={move}
              onRemove={(removed) => onChange(slugs.filter((s) => s !== removed))}
            />
          ))}
        </Stack>
      )}
      {slugs.length < max && available.length > 0 && (
        <AddPage available={available} chosen={chosen} where={where} onChoose={setAdding} onAdd={(slug) => onChange([...slugs, slug])} />
      )}
      {slugs.length >= max && (
        <Text size="xs" c="dimmed">
          The {where} holds at most {max} pages.
        </Text>
      )}
    </Stack>
  );
}

function IconButton({ label, path, onClick, disabled = false }: { label: string; path: string; onClick: () => void; disabled?: boolean }) {
  return (
    <ActionIcon variant="subtle" color="gray" size={44} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <LineIcon size={18}>
        <path d={path} />
      </LineIcon>
    </ActionIcon>
  );
}
