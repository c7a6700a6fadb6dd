import { useState, type ReactNode } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Endpoint } from '@tp/contracts/endpoint';
import { TIMING } from '@tp/contracts/platform';
import type { ResponseIn } from '#api/client.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { toastError } from '#lib/notify.ts';
import { CursorPager, useCursorPages, type CursorPages, type ListInput } from '#shared/cursor-pages.tsx';

/** A row of a list endpoint's cursor page (`pageOf` in dmc-common.ts: `{ records, nextCursor }`). */
type RowOf<E extends Endpoint> = ResponseIn<E> extends { records: (infer R)[] } ? R : never;

/** A list as the screen holds it: the search text, this page's rows, and the way to the next page. */
export interface ServerList<R> {
  search: string;
  setSearch: (text: string) => void;
  rows: R[] | undefined;
  nextCursor: string | null;
  loading: boolean;
  error: unknown;
  reload: () => Promise<unknown>;
  pages: CursorPages;
}

/**
 * One server-side list: the typed search (sent 500 ms after typing stops, spec 001 §9), the filters, and
 * the cursor pages, back to page 1 whenever the search or a filter changes. `filters` null waits.
 */
export function useServerList<E extends Endpoint>(
  endpoint: E,
  filters: Record<string, unknown> | null = {},
  {
    searchParam = 'search',
    failure,
  }: {
    /** The request field the typed text goes in (`query` for area transfers). */
    searchParam?: string;
    /** The screen's own text when the list cannot load (instead of the server's). */
    failure?: string;
  } = {},
): ServerList<RowOf<E>> {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), TIMING.searchDebounceMs);
  const input = filters === null ? null : ({ ...filters, ...(query ? { [searchParam]: query } : {}) } as ListInput<E>);
  const list = useCursorPages(endpoint, input, {
    keepPreviousData: true,
    ...(failure ? { call: { handling: 'navigation' as const }, onError: () => toastError(failure) } : {}),
  });
  const page = list.data as { records: RowOf<E>[]; nextCursor: string | null } | undefined;
  return {
    search,
    setSearch,
    rows: page?.records,
    nextCursor: list.nextCursor,
    loading: list.isLoading,
    error: list.error,
    reload: () => list.mutate(),
    pages: list,
  };
}

/** The search box above a list; its label says what it searches. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder="Type to search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={320}
      maw="100%"
    />
  );
}

/**
 * A server list on screen: its search box and filters, the table (cards ≤ 600 px) with loading and empty
 * states, a retry when the call failed, and the cursor pager.
 */
export function ServerTable<R>({
  list,
  label,
  columns,
  rowKey,
  empty,
  searchLabel,
  filters,
  action,
  minWidth,
}: {
  list: ServerList<R>;
  label: string;
  columns: Column<R>[];
  rowKey: (row: R) => string;
  empty: string;
  /** Absent: no search box (the endpoint has no text search). */
  searchLabel?: string;
  filters?: ReactNode;
  /** A button at the end of the toolbar (Add …). */
  action?: ReactNode;
  minWidth?: number;
}) {
  const failed = list.error && !list.rows;
  return (
    <Stack gap="md">
      {(searchLabel || filters || action) && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {searchLabel && <SearchBox label={searchLabel} value={list.search} onChange={list.setSearch} />}
          {filters}
          {action && <Group ml="auto">{action}</Group>}
        </Group>
      )}
      {failed ? (
        // The shared "Some error occurred" + Try again (the client already toasted why).
        <AsyncContent data={undefined} error={list.error} onRetry={() => void list.reload()} loadingLabel={label}>
          {() => null}
        </AsyncContent>
      ) : (
        <DataTable
          label={label}
          rows={list.rows}
          columns={columns}
          rowKey={rowKey}
          loading={list.loading}
          empty={empty}
          {...(minWidth ? { minWidth } : {})}
        />
      )}
      <CursorPager pages={list.pages} />
    </Stack>
  );
}
