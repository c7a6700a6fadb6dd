import { useState } from 'react';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import useSWRInfinite from 'swr/infinite';
import {
  AREA_AUDIT_ENTITIES,
  DMC_AUDIT_ENTITIES,
  getDmcAuditTrail,
  type TAuditEntry,
} from '@tp/contracts/endpoints/dmc';
import { getAreasAuditTrail } from '@tp/contracts/endpoints/areas';
import { call } from '#api/client.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime } from '#shared/format.ts';
import { DmcDialog } from './page.tsx';

export type AuditEntity = (typeof DMC_AUDIT_ENTITIES)[number] | (typeof AREA_AUDIT_ENTITIES)[number];
const isAreaEntity = (e: AuditEntity): e is (typeof AREA_AUDIT_ENTITIES)[number] =>
  (AREA_AUDIT_ENTITIES as readonly string[]).includes(e);

const ACTION_LABELS: Record<TAuditEntry['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  import: 'Imported',
};

const shown = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Who changed one record, when, and each field before and after (issue #13 item 8), newest first. */
function AuditTrail({ entity, id }: { entity: AuditEntity; id: string }) {
  const pages = useSWRInfinite(
    (index: number, previous: { nextCursor: string | null } | null) =>
      index === 0 ? [entity, id, ''] : previous?.nextCursor ? [entity, id, previous.nextCursor] : null,
    ([, , cursor]: [string, string, string]) => {
      const input = { id, ...(cursor ? { cursor } : {}) };
      return isAreaEntity(entity)
        ? call(getAreasAuditTrail, { ...input, entity })
        : call(getDmcAuditTrail, { ...input, entity });
    },
  );
  const entries = pages.data?.flatMap((p) => p.records);
  const more = Boolean(pages.data?.[pages.data.length - 1]?.nextCursor);
  return (
    <AsyncContent
      data={entries}
      error={pages.error}
      onRetry={() => void pages.mutate()}
      loadingLabel="Loading the history"
      emptyText="No changes recorded yet."
      isEmpty={(e) => e.length === 0}
    >
      {(list) => (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((e) => (
            <Stack key={`${e.at}|${e.action}`} component="li" gap={4}>
              <Group gap="xs">
                <Badge variant="light" color={e.action === 'delete' ? 'red' : 'blue'}>
                  {ACTION_LABELS[e.action]}
                </Badge>
                <Text size="sm">
                  {formatDateTime(e.at)} by {e.by.name} ({e.by.email})
                </Text>
              </Group>
              {e.changes.length > 0 && (
                <Stack gap={2} pl="sm">
                  {e.changes.map((c) => (
                    <Text key={c.field} size="sm">
                      <Code>{c.field}</Code>: {shown(c.before)} → {shown(c.after)}
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
          ))}
          {more && (
            <Button variant="default" size="xs" onClick={() => void pages.setSize(pages.size + 1)}>
              Older changes
            </Button>
          )}
        </Stack>
      )}
    </AsyncContent>
  );
}

/** A row's "History" button and its dialog. */
export function HistoryButton({ entity, id, subject }: { entity: AuditEntity; id: string; subject: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} aria-label={`History of ${subject}`}>
        History
      </Button>
      <DmcDialog opened={open} onClose={() => setOpen(false)} title={`History of ${subject}`}>
        <AuditTrail entity={entity} id={id} />
      </DmcDialog>
    </>
  );
}
