import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Center px="md" py={48}>
      <Card withBorder shadow="sm" padding="xl" radius="md" w="100%" maw={440}>
        <Stack align="center" gap="md" ta="center">
          {children}
        </Stack>
      </Card>
    </Center>
  );
}

export function PendingCard({ label }: { label: string }) {
  return (
    <Frame>
      <Loader aria-hidden />
      <Text role="status">{label}</Text>
    </Frame>
  );
}

/** A card with an icon, the page's own heading (these cards stand alone on /email-verified and /sign-in), a text and one button. */
function ActionCard({
  icon,
  color,
  title,
  text,
  action,
  onAction,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Frame>
      <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{text}</Text>
      <Button fullWidth onClick={onAction}>
        {action}
      </Button>
    </Frame>
  );
}

/** 'Email Verified!' (SPEC §2.3). */
export function SuccessCard(props: { title: string; text: string; action: string; onAction: () => void }) {
  const tick = (
    <svg
      width="30"
      height="30"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
  return <ActionCard icon={tick} color="teal" {...props} />;
}

/** 'Verification Failed' and friends: the message, and an optional way out. */
export function FailureCard({
  title,
  message,
  action,
  onAction,
}: {
  title: string;
  message: string;
  action?: string;
  onAction?: () => void;
}) {
  return (
    <Frame>
      <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
        <svg
          width="30"
          height="30"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </ThemeIcon>
      {/* The page's own heading (these cards stand alone on /email-verified and /sign-in). */}
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text role="alert">{message}</Text>
      {action && onAction && (
        <Button fullWidth variant="light" onClick={onAction}>
          {action}
        </Button>
      )}
    </Frame>
  );
}

/**
 * The landing card of an e-mailed link: the link is spent only when the person presses the button, so a mail
 * scanner that opens or renders the page spends nothing.
 */
export function LinkActionCard(props: { title: string; text: string; action: string; onAction: () => void }) {
  const envelope = (
    <svg
      width="30"
      height="30"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
  return <ActionCard icon={envelope} {...props} />;
}
