import { Group, Pagination, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** 'Showing 1–25 of 123' */
export const showingText = (page: number, pageSize: number, total: number) =>
  `Showing ${((page - 1) * pageSize + 1).toLocaleString('en-AU')}–${Math.min(page * pageSize, total).toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')}`;

/** Under a paged table: how many are shown, and the page buttons (labelled for screen readers) when there is more than one page. */
export function ListPager({
  page,
  pageSize,
  total,
  onChange,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(page, pageSize, total)}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          siblings={phone ? 0 : 1}
          size="sm"
          aria-label={label}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
        />
      )}
    </Group>
  );
}
