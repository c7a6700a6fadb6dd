import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Page controls under a paged list ({records, totalRecords, totalPages, page}); hidden while there is one page.
 * `totalRecords` null: the list does not know its total yet (a filtered queue counts as it reads), so none is shown.
 */
export function Pager({
  page,
  totalPages,
  totalRecords,
  onChange,
}: {
  page: number;
  totalPages: number;
  totalRecords: number | null;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" component="nav" aria-label="Pages">
      <Text size="sm" c="dimmed">
        Page {page} of {totalPages}
        {totalRecords === null ? '' : ` · ${totalRecords} in all`}
      </Text>
      <Pagination
        total={totalPages}
        value={page}
        onChange={onChange}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
      />
    </Group>
  );
}
