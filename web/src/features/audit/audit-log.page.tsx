import { useState } from 'react';
import { Button, Drawer, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MSG,
  auditEntityLabel,
  exportAuditLog,
  getAuditLog,
  getRecordHistory,
  type TAuditLogEntry,
} from '@tp/contracts/endpoints/audit';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import { AuditActionBadge, AuditChangeTable, HistoryButton, auditSource } from '#shared/AuditHistory.tsx';
import { DataTable, useSmallScreen } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { ExportButton } from '#shared/ExportButton.tsx';
import { formatDateTime } from '#shared/format.ts';
import { PermissionPage } from '#shared/PermissionPage.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';

const FILTERS = ['actorEmail', 'entity', 'action', 'fromDate', 'toDate'] as const;
type Filter = (typeof FILTERS)[number];

const ENTITY_OPTIONS = [
  { value: '', label: 'All records' },
  ...Object.entries(AUDIT_ENTITY_LABELS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];
const ACTION_OPTIONS = [
  { value: '', label: 'All changes' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
];

/** One record's history, read through the audit log's own call (any entity type of the site). */
const historyOf = (entity: string, id: string) => auditSource(getRecordHistory, { entity, id });

const subjectOf = (e: Pick<TAuditLogEntry, 'entity' | 'id'>) => `${auditEntityLabel(e.entity)} ${e.id}`;

/** Fields that name a record to a person, in the order tried: the log shows the first the record has. */
const NAMING_FIELDS = ['name', 'groupName', 'kartName', 'reference', 'pnr', 'email', 'consumer', 'airlineCode', 'page'];
function recordName(e: TAuditLogEntry): string | null {
  const r = e.after ?? e.before ?? {};
  const field = NAMING_FIELDS.find((f) => typeof r[f] === 'string' && r[f]);
  return field ? String(r[field]) : null;
}

/** What changed, short: a new or removed record as such, else the changed fields ("a, b, c +2 more"). */
function fieldsSummary(e: TAuditLogEntry): string {
  if (!e.before && e.after) return `New record (${Object.keys(e.after).length} fields)`;
  if (e.before && !e.after) return 'Record removed';
  if (!e.changes.length) return '—';
  const names = e.changes.map((c) => c.field);
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3} more` : names.join(', ');
}

/** One entry: who, when, what, and each changed field before and after; its record's history one click away. */
function EntryDrawer({ entry, onClose }: { entry: TAuditLogEntry | null; onClose: () => void }) {
  const small = useSmallScreen();
  return (
    <Drawer
      opened={!!entry}
      onClose={onClose}
      position="right"
      size={small ? '100%' : 'lg'}
      closeButtonProps={{ 'aria-label': 'Close the change details' }}
      // The drawer's title is its heading already (an h2): a Title inside it would nest one heading in another.
      title="Change details"
    >
      {entry && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Detail label="When">{formatDateTime(entry.at)}</Detail>
            <Detail label="Who">
              {entry.by.name} ({entry.by.email})
            </Detail>
            <Detail label="Change">
              <AuditActionBadge action={entry.action} />
            </Detail>
            <Detail label="Record">{subjectOf(entry)}</Detail>
          </SimpleGrid>
          <AuditChangeTable changes={entry.changes} />
          <Group>
            <HistoryButton variant="light" subject={subjectOf(entry)} source={historyOf(entry.entity, entry.id)} />
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * /staff/audit: the site's audit log, newest first, filtered by actor, record type, change
 * type and days (kept in the address, so a filtered view can be shared), a page at a time; an entry opens in a
 * drawer with each field before and after, and each record's own history is one click away. The filtered log
 * downloads as Excel.
 */
export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const value = (f: Filter) => params.get(f) ?? '';
  const set = (f: Filter, v: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set(f, v);
        else next.delete(f);
        return next;
      },
      { replace: true },
    );
  const [email, setEmail] = useState(value('actorEmail'));
  const [actorEmail] = useDebouncedValue(email.trim().toLowerCase(), TIMING.searchDebounceMs);
  const [open, setOpen] = useState<TAuditLogEntry | null>(null);

  // Staff without audit.view see the permission notice only, and nothing asks the server for a 403.
  const allowed = usePermission('audit.view');
  const rangeError = value('fromDate') && value('toDate') && value('toDate') < value('fromDate');
  const filters = {
    ...(actorEmail ? { actorEmail } : {}),
    ...Object.fromEntries(FILTERS.filter((f) => f !== 'actorEmail' && value(f)).map((f) => [f, value(f)] as const)),
  };
  const log = useCursorPages(getAuditLog, !allowed || rangeError ? null : filters, { keepPreviousData: true });
  const filtered = Object.keys(filters).length > 0;

  return (
    <PermissionPage
      title="Audit log"
      permission="audit.view"
      staffOnly
      id="audit-log"
      intro="Every change staff made on this site: who, when, what, and each field before and after. Entries are never changed or removed."
      actions={<ExportButton endpoint={exportAuditLog} input={() => filters} disabled={!!rangeError} />}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput
          type="search"
          label="Changed by (email)"
          placeholder="name@example.com"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Select
          label="Record type"
          data={ENTITY_OPTIONS}
          searchable
          value={value('entity')}
          allowDeselect={false}
          onChange={(v) => set('entity', v ?? '')}
        />
        <Select
          label="Change"
          data={ACTION_OPTIONS}
          value={value('action')}
          allowDeselect={false}
          onChange={(v) => set('action', v ?? '')}
        />
        <DateField label="From" value={value('fromDate')} onChange={(v) => set('fromDate', v)} clearable />
        <DateField
          label="To"
          value={value('toDate')}
          onChange={(v) => set('toDate', v)}
          clearable
          error={rangeError ? AUDIT_MSG.toBeforeFrom : undefined}
        />
      </SimpleGrid>
      {(filtered || email) && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setEmail('');
              setParams({}, { replace: true });
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}
      {log.error && !log.data && (
        <Group gap="xs" role="alert">
          <Text size="sm" c="dimmed">
            {MSG.someError}
          </Text>
          <Button variant="light" size="xs" onClick={() => void log.mutate()}>
            Try again
          </Button>
        </Group>
      )}
      <DataTable<TAuditLogEntry>
        label="Audit log"
        rows={rangeError ? [] : log.data?.records}
        loading={log.isLoading}
        empty={filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}
        rowKey={(e) => `${e.entity}|${e.id}|${e.at}|${e.action}`}
        minWidth={900}
        columns={[
          { key: 'when', header: 'When', nowrap: true, render: (e) => formatDateTime(e.at) },
          {
            key: 'who',
            header: 'Who',
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {e.by.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.by.email}
                </Text>
              </Stack>
            ),
          },
          { key: 'what', header: 'Change', render: (e) => <AuditActionBadge action={e.action} /> },
          {
            key: 'record',
            header: 'Record',
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm">
                  {auditEntityLabel(e.entity)}
                  {recordName(e) ? `: ${recordName(e)}` : ''}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.id}
                </Text>
              </Stack>
            ),
          },
          { key: 'fields', header: 'Changed fields', render: fieldsSummary },
          {
            key: 'open',
            header: 'Actions',
            nowrap: true,
            render: (e) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Details of the change to ${subjectOf(e)} at ${formatDateTime(e.at)}`}
                  onClick={() => setOpen(e)}
                >
                  Details
                </Button>
                <HistoryButton subject={subjectOf(e)} source={historyOf(e.entity, e.id)} />
              </Group>
            ),
          },
        ]}
      />
      <CursorPager pages={log} />
      <EntryDrawer entry={open} onClose={() => setOpen(null)} />
    </PermissionPage>
  );
}
