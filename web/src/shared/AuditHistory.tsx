/**
 * One record's history and the pieces every audit screen shows the same way: the change
 * type badge, each changed field before → after, the paged history list, and the "History" button with its
 * dialog. The DMC screens and the site's audit log (/staff/audit) both use them; only where a history is read
 * from differs (`load`).
 */
import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS, type AuditActionName } from '@tp/contracts/endpoints/audit';
import type { TAuditEntry } from '@tp/contracts/endpoints/dmc';
import type { CallTarget } from '#api/boot.ts';
import type { ResponseIn } from '#api/client.ts';
import { AsyncContent } from './AsyncContent.tsx';
import { useCursorList, type ListInput } from './cursor-pages.tsx';
import { useSmallScreen } from './DataTable.tsx';
import { formatDateTime } from './format.ts';

/** Where a record's history is read: a cursor-paged endpoint of audit entries, and its input. */
export interface AuditSource {
  endpoint: CallTarget;
  input: object;
}

/** An audit source, typed: the endpoint must answer pages of audit entries. */
export const auditSource = <E extends CallTarget>(
  endpoint: E,
  input: ResponseIn<E> extends { records: TAuditEntry[] } ? ListInput<E> : never,
): AuditSource => ({ endpoint, input });

const ACTION_COLORS: Partial<Record<AuditActionName, string>> = {
  create: 'green',
  delete: 'red',
  block: 'red',
  unblock: 'teal',
  status: 'violet',
};

export function AuditActionBadge({ action }: { action: string }) {
  const known = action in AUDIT_ACTION_LABELS;
  return (
    <Badge variant="light" color={ACTION_COLORS[action as AuditActionName] ?? 'blue'}>
      {known ? AUDIT_ACTION_LABELS[action as AuditActionName] : action}
    </Badge>
  );
}

/** A stored value as a person reads it: empty as a dash, lists and objects as compact JSON. */
export const auditValue = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The changed fields as one line each: `field: before → after`. */
export function AuditChangeLines({ changes }: { changes: TAuditEntry['changes'] }) {
  if (!changes.length) return null;
  return (
    <Stack gap={2} pl="sm">
      {changes.map((c) => (
        <Text key={c.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Code>{c.field}</Code>: {auditValue(c.before)} → {auditValue(c.after)}
        </Text>
      ))}
    </Stack>
  );
}

/** The changed fields as a table: field, before, after (the audit log's drawer). */
export function AuditChangeTable({ changes }: { changes: TAuditEntry['changes'] }) {
  if (!changes.length)
    return (
      <Text size="sm" c="dimmed">
        No field changed.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={c.field}>
              <Table.Th scope="row" fw={600}>
                <Code>{c.field}</Code>
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{auditValue(c.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{auditValue(c.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Who changed one record, when, and each field before and after, newest first, a page at a time. */
export function AuditTrail({ source }: { source: AuditSource }) {
  const pages = useCursorList(source.endpoint, source.input);
  const entries = pages.records as TAuditEntry[] | undefined;
  return (
    <AsyncContent
      data={entries}
      error={pages.error}
      onRetry={() => void pages.reload()}
      loadingLabel="Loading the history"
      emptyText="No changes recorded yet."
      isEmpty={(e) => e.length === 0}
    >
      {(list) => (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((e, i) => (
            <Stack key={`${e.at}|${e.action}|${i}`} component="li" gap={4}>
              <Group gap="xs">
                <AuditActionBadge action={e.action} />
                <Text size="sm">
                  {formatDateTime(e.at)} by {e.by.name} ({e.by.email})
                </Text>
              </Group>
              <AuditChangeLines changes={e.changes} />
            </Stack>
          ))}
          {pages.hasMore && (
            <Button variant="default" size="xs" onClick={pages.more}>
              Older changes
            </Button>
          )}
        </Stack>
      )}
    </AsyncContent>
  );
}

/** The dialog of one record's history (full screen on a phone). */
export function HistoryDialog({
  opened,
  onClose,
  subject,
  source,
}: {
  opened: boolean;
  onClose: () => void;
  subject: string;
  source: AuditSource;
}) {
  const small = useSmallScreen();
  return (
    <Modal opened={opened} onClose={onClose} title={`History of ${subject}`} fullScreen={small} size="lg">
      {opened && <AuditTrail source={source} />}
    </Modal>
  );
}

/** A row's "History" button and its dialog. */
export function HistoryButton({
  subject,
  source,
  variant = 'subtle',
}: {
  subject: string;
  source: AuditSource;
  variant?: 'subtle' | 'light' | 'default';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant={variant} onClick={() => setOpen(true)} aria-label={`History of ${subject}`}>
        History
      </Button>
      <HistoryDialog opened={open} onClose={() => setOpen(false)} subject={subject} source={source} />
    </>
  );
}
