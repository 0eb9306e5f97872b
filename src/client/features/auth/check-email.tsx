import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AUTH_LIMITS } from '../../../shared/auth.constants';
import { EnvelopeIcon } from '../../components/line-icon';
import { toast } from '../../components/toast';
import { isNetworkError, retryAfterSeconds, serverMessage } from '../../lib/errors';
import { formatClubTime } from '../../../shared/dates';

export interface CheckEmailProps {
  email: string;
  /** What the server said when the e-mail went out. */
  message: string;
  /** Sends the e-mail again; resolves with the server's send time when it has one. */
  onResend: () => Promise<{ sentAt?: string } | void>;
  onBack: () => void;
  /** Toast shown after a successful resend. */
  sentToast?: { title: string; message: string };
}

const LOCK_MS = AUTH_LIMITS.resendLockoutSeconds * 1000;

/** Waiting for the e-mail to be verified: resend with a 60-second lockout after every send. */
export function CheckEmail({ email, message, onResend, onBack, sentToast }: CheckEmailProps) {
  // An e-mail has just gone out, so the first lockout starts when the view opens.
  const [lastSentAt, setLastSentAt] = useState(() => new Date());
  const [lockedUntil, setLockedUntil] = useState(() => Date.now() + LOCK_MS);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);

  const secondsLeft = Math.max(0, Math.ceil((lockedUntil - now) / 1000));
  const locked = secondsLeft > 0;

  useEffect(() => {
    if (!locked) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [locked]);

  async function resend() {
    setSending(true);
    try {
      const result = await onResend();
      const sent = result?.sentAt ? new Date(result.sentAt) : new Date();
      setLastSentAt(Number.isNaN(sent.getTime()) ? new Date() : sent);
      setLockedUntil(Date.now() + LOCK_MS);
      setNow(Date.now());
      toast.success(
        sentToast?.title ?? 'Verification email sent',
        sentToast?.message ?? 'Please check your email inbox for the verification link.',
      );
    } catch (error) {
      if (isNetworkError(error)) {
        toast.error('Network error', 'Please check your connection and try again.');
      } else {
        toast.error('Failed to send email', serverMessage(error) ?? 'Please try again later.');
        const wait = retryAfterSeconds(error);
        if (wait) {
          setLockedUntil(Date.now() + wait * 1000);
          setNow(Date.now());
        }
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <EnvelopeIcon />
      </ThemeIcon>
      <Title order={3}>Check Your Email</Title>
      <Text>{message}</Text>
      <Text size="sm" c="dimmed">
        Sent to{' '}
        <Text span fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
      </Text>
      <Button fullWidth variant="light" onClick={() => void resend()} loading={sending} disabled={locked}>
        {locked ? `Resend in ${secondsLeft}s` : 'Resend email'}
      </Button>
      <Text size="xs" c="dimmed">
        Last sent at {formatClubTime(lastSentAt)}
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        Back to login
      </Anchor>
    </Stack>
  );
}
