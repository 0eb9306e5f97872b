import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '../lib/errors';
import { useTRPC } from '../trpc';
import { toast } from './toast';

/**
 * 'Send as newsletter' on a news article: makes (or reopens) the article's newsletter draft and opens it in
 * Admin → Newsletters, where the committee chooses who receives it, previews and sends.
 */
export function SendAsNewsletterButton({ articleId, title }: { articleId: string; title: string }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const draft = useMutation(
    trpc.admin.newsletters.fromArticle.mutationOptions({
      onSuccess: (newsletter) => void navigate({ to: '/admin', search: { tab: 'newsletters', newsletter: newsletter.id } }),
      onError: (error) => toast.error('Could not make the newsletter', serverMessage(error) ?? 'Please try again.'),
    }),
  );
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      mih={44}
      loading={draft.isPending}
      onClick={() => draft.mutate({ articleId })}
      aria-label={`Send as newsletter: ${title}`}
    >
      Send as newsletter
    </Button>
  );
}
