import { Box, Image } from '@mantine/core';
import type { EventView } from '../../shared/events.schema';

/** The event picture (its thumbnail), or a neutral block of the same size. */
export function EventImage({ event, height = 160 }: { event: Pick<EventView, 'name' | 'thumbnailUrl' | 'imageUrl'>; height?: number }) {
  const src = event.thumbnailUrl ?? event.imageUrl;
  if (src)
    return (
      <Image
        src={src}
        alt={event.name}
        h={height}
        w="100%"
        width={480}
        height={height}
        loading="lazy"
        decoding="async"
        fit="cover"
        radius="sm"
      />
    );
  return (
    <Box
      h={height}
      bg="gray.1"
      style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      aria-hidden
    >
      <svg
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="var(--mantine-color-gray-5)"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
      </svg>
    </Box>
  );
}
