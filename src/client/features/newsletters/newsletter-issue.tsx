import { Anchor, Box, Divider, Group, Image, Stack, Text, Title, Typography } from '@mantine/core';
import type { NewsletterSponsor } from '../../../shared/newsletters.schema';
import { formatClubStamp } from '../../../shared/dates';

export interface NewsletterIssueProps {
  subject: string;
  sentAt: string;
  /** Sanitised by the server. */
  bodyHtml: string;
  sponsors: NewsletterSponsor[];
}

/** A sent newsletter as members received it: subject, date, message and the sponsors of its footer. */
export function NewsletterIssue({ subject, sentAt, bodyHtml, sponsors }: NewsletterIssueProps) {
  return (
    <Stack gap="sm">
      <Box>
        <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {subject}
        </Title>
        <Text size="sm" c="dimmed">
          Sent {formatClubStamp(sentAt)}
        </Text>
      </Box>
      {/* Sanitised by the server (the allow-list of pages and news). */}
      <Typography style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      {sponsors.length > 0 && (
        <>
          <Divider />
          <Text size="sm" c="dimmed" ta="center">
            Thank you to our sponsors
          </Text>
          <Group justify="center" gap="md">
            {sponsors.map((s) => {
              const mark = s.logoUrl ? (
                <Image src={s.logoUrl} alt={s.name} h={40} w="auto" fit="contain" />
              ) : (
                <Text fw={600}>{s.name}</Text>
              );
              return s.websiteUrl ? (
                <Anchor key={s.name} href={s.websiteUrl} target="_blank" rel="noopener noreferrer">
                  {mark}
                </Anchor>
              ) : (
                <Box key={s.name}>{mark}</Box>
              );
            })}
          </Group>
        </>
      )}
    </Stack>
  );
}
