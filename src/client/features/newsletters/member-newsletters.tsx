import { Button, Card, Group, Modal, Radio, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NewsletterChoice } from '../../../shared/newsletters.schema';
import { QueryState } from '../../components/query-state';
import { toast } from '../../components/toast';
import { serverMessage } from '../../lib/errors';
import { formatClubStamp } from '../../../shared/dates';
import { useTRPC } from '../../trpc';
import { NewsletterIssue } from './newsletter-issue';

const CHOICES: { value: NewsletterChoice; label: string; description: string }[] = [
  { value: 'news', label: 'All club news', description: "Members' newsletters and notices, and the club's news." },
  { value: 'members', label: "Members' newsletters only", description: 'Newsletters and notices to members (the usual).' },
  { value: 'none', label: 'No newsletters', description: 'Receipts, sign-in links and reminders still come.' },
];

/** The portal's newsletter card: a button that opens the member's choice and the archive (read on demand). */
export function MemberNewsletters() {
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          Club newsletters
        </Title>
        <Text size="sm" c="dimmed">
          Choose which newsletters you receive, and read the ones sent before.
        </Text>
        <Group>
          <Button variant="light" mih={44} onClick={() => setOpen(true)}>
            Newsletters
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Club newsletters" size="lg" fullScreen={phone}>
        {open && <NewslettersPanel />}
      </Modal>
    </Card>
  );
}

function NewslettersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const choice = useQuery(trpc.newsletters.myChoice.queryOptions());
  const archive = useQuery(trpc.newsletters.archive.queryOptions());
  const [reading, setReading] = useState<string | null>(null);
  const issue = useQuery({ ...trpc.newsletters.read.queryOptions({ id: reading ?? '' }), enabled: reading !== null });
  const save = useMutation(
    trpc.newsletters.setMyChoice.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.newsletters.myChoice.queryKey(), saved);
        toast.success('Saved', `Newsletters to ${saved.email}: ${CHOICES.find((c) => c.value === saved.choice)?.label}.`);
      },
      onError: (error) => toast.error('Not saved', serverMessage(error)),
    }),
  );

  if (reading) {
    return (
      <Stack gap="md">
        <Group>
          <Button variant="default" mih={44} onClick={() => setReading(null)}>
            Back to the list
          </Button>
        </Group>
        <QueryState query={issue} loading="Loading..." failure="Could not load this newsletter.">
          {issue.data && <NewsletterIssue {...issue.data} />}
        </QueryState>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <QueryState query={choice} loading="Loading..." failure="Could not load your choice.">
        {choice.data && (
          <Radio.Group
            label={`Newsletters to ${choice.data.email}`}
            value={choice.data.choice}
            onChange={(value) => save.mutate({ choice: value as NewsletterChoice })}
          >
            <Stack gap="sm" mt="xs">
              {CHOICES.map((c) => (
                <Radio key={c.value} value={c.value} label={c.label} description={c.description} disabled={save.isPending} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </QueryState>
      <Stack gap="xs">
        <Title order={4} fz="md">
          Archive
        </Title>
        <QueryState query={archive} loading="Loading the archive..." failure="Could not load the archive.">
          {archive.data?.length === 0 ? (
            <Text c="dimmed" size="sm">
              No newsletters yet.
            </Text>
          ) : (
            archive.data?.map((a) => (
              <UnstyledButton
                key={a.id}
                onClick={() => setReading(a.id)}
                mih={44}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {a.subject}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatClubStamp(a.sentAt)}
                </Text>
              </UnstyledButton>
            ))
          )}
        </QueryState>
      </Stack>
    </Stack>
  );
}
