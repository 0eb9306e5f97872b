import { Card } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SectionLoader } from '../../components/full-screen-loader';

// The same chunk as the floating widget's panel, so the conversation code stays out of the main bundle.
const ChatConversation = lazy(() => import('../../components/chat-conversation'));

/** The chat tab: the site's one conversation with the assistant (the floating widget's, shown in place). */
export function AssistantTab() {
  return (
    <Card withBorder radius="md" padding="md" h="min(640px, calc(100dvh - 220px))" mih={360}>
      <Suspense fallback={<SectionLoader label="Loading the assistant..." />}>
        <ChatConversation />
      </Suspense>
    </Card>
  );
}
