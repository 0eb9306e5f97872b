import { Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CrossIcon, EnvelopeIcon, TickIcon } from '../../components/line-icon';
import type { TokenLinkState } from './use-token-link';

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

/**
 * A card with an icon, the page's own heading (these cards stand alone on /email-verified and /sign-in), a text
 * and, when there is one, a button.
 */
function ResultCard({
  icon,
  color,
  title,
  text,
  textRole,
  action,
  onAction,
  buttonVariant,
}: {
  icon: ReactNode;
  color?: string;
  title: string;
  text: string;
  textRole?: 'alert';
  action?: string;
  onAction?: () => void;
  buttonVariant?: 'light';
}) {
  return (
    <Frame>
      <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text role={textRole}>{text}</Text>
      {action && onAction && (
        <Button fullWidth variant={buttonVariant} onClick={onAction}>
          {action}
        </Button>
      )}
    </Frame>
  );
}

/** 'Email Verified!'. */
export function SuccessCard(props: { title: string; text: string; action: string; onAction: () => void }) {
  return <ResultCard icon={<TickIcon strokeWidth={2.5} />} color="teal" {...props} />;
}

/** 'Verification Failed' and friends: the message, and an optional way out. */
export function FailureCard({ message, ...props }: { title: string; message: string; action?: string; onAction?: () => void }) {
  return <ResultCard icon={<CrossIcon strokeWidth={2.5} />} color="red" text={message} textRole="alert" buttonVariant="light" {...props} />;
}

/**
 * The landing card of an e-mailed link: the link is spent only when the person presses the button, so a mail
 * scanner that opens or renders the page spends nothing.
 */
export function LinkActionCard(props: { title: string; text: string; action: string; onAction: () => void }) {
  return <ResultCard icon={<EnvelopeIcon />} {...props} />;
}

/**
 * The cards of an e-mailed link's landing page: the invitation to press the button (which spends the link), the
 * spinner while it is used, the failure with its way out, and what shows once it worked.
 */
export function TokenLinkCard({
  link,
  invitation,
  pending,
  failure,
  success,
}: {
  link: TokenLinkState & { spend: () => void };
  invitation: { title: string; text: string; action: string };
  /** The spinner's words while the link is used (and after it worked, unless `success` is given). */
  pending: string;
  failure: { title: string; action: string; onAction: () => void };
  success?: ReactNode;
}) {
  if (link.status === 'success' && success) return <>{success}</>;
  if (link.status === 'error') return <FailureCard {...failure} message={link.message} />;
  if (link.status === 'idle') return <LinkActionCard {...invitation} onAction={link.spend} />;
  return <PendingCard label={pending} />;
}
