import { useState } from 'react';
import { Box, Button, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { exportEnquiries, listEnquiries, type TEnquiryRow } from '@tp/contracts/endpoints/enquiries';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  type EnquiryStatus,
} from '@tp/domain/enquiries';
import { DataTable } from '#shared/DataTable.tsx';
import { ExportButton } from '#shared/ExportButton.tsx';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { aboutColumn, EnquiryStatusBadge, paxText } from './status.tsx';
import { LoadFailed } from '#shared/LoadFailed.tsx';

type Tab = EnquiryStatus | 'all';
const TABS: Tab[] = ['all', ...ENQUIRY_STATUSES];
const tabLabel = (t: Tab) => (t === 'all' ? 'All' : ENQUIRY_STATUS_LABELS[t]);

/**
 * The CRM inbox: status tabs with their counts, a kind filter and a search (sent when typing stops),
 * newest first in cursor pages, the filtered list as Excel, and one enquiry in a drawer (`onOpen`).
 */
export function EnquiryInbox({ onOpen }: { onOpen: (id: string) => void }) {
  const [tab, setTab] = useState<Tab>('new');
  const [kind, setKind] = useState<EnquiryKind | ''>('');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), TIMING.searchDebounceMs);
  const filters = {
    ...(tab === 'all' ? {} : { status: tab }),
    ...(kind ? { kind } : {}),
    ...(query ? { search: query } : {}),
  };
  const list = useCursorPages(listEnquiries, filters, { keepPreviousData: true });
  const counts = list.data?.counts;

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(v) => setTab((v ?? 'all') as Tab)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {tabLabel(t)}
              {counts && (
                <Text span size="xs" c="dimmed" ml={6}>
                  {counts[t]}
                </Text>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label="Search enquiries"
          placeholder="Name, email, phone or subject"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
          maw="100%"
        />
        <Select
          label="Kind"
          w={180}
          maw="100%"
          data={[
            { value: '', label: 'All kinds' },
            ...ENQUIRY_KINDS.map((k) => ({ value: k, label: ENQUIRY_KIND_LABELS[k] })),
          ]}
          value={kind}
          allowDeselect={false}
          onChange={(v) => setKind((v ?? '') as EnquiryKind | '')}
        />
        <Box ml="auto">
          <ExportButton endpoint={exportEnquiries} input={() => filters} />
        </Box>
      </Group>
      {list.error && !list.data && <LoadFailed onRetry={() => void list.mutate()} />}
      <DataTable<TEnquiryRow>
        label={`${tabLabel(tab)} enquiries`}
        rows={list.data?.records}
        loading={list.isLoading}
        empty={MSG.noResults}
        rowKey={(r) => r.id}
        minWidth={820}
        columns={[
          { key: 'received', header: 'Received', nowrap: true, render: (r) => formatDateTime(r.createdAt) },
          {
            key: 'from',
            header: 'From',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {r.email} · {r.phone}
                </Text>
              </Stack>
            ),
          },
          aboutColumn,
          {
            key: 'travel',
            header: 'Travel',
            render: (r) =>
              [r.travelDate && formatDate(r.travelDate), paxText(r.adults, r.children)].filter(Boolean).join(' · ') ||
              '—',
          },
          { key: 'status', header: 'Status', render: (r) => <EnquiryStatusBadge status={r.status} /> },
          {
            key: 'open',
            header: 'Actions',
            render: (r) => (
              <Button
                size="xs"
                variant="light"
                aria-label={`Open the enquiry of ${r.name}`}
                onClick={() => onOpen(r.id)}
              >
                Open
              </Button>
            ),
          },
        ]}
      />
      <CursorPager pages={list} />
    </Stack>
  );
}
