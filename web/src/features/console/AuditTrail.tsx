import { Button, Group, Stack, Text } from '@mantine/core';
import { consoleAuditLog, type ConsoleAuditAction, type TConsoleAuditEntry } from '@tp/contracts/endpoints/console';
import * as MSG from '@tp/contracts/messages';
import { useCursorList } from '#shared/cursor-pages.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDateTime } from '#shared/format.ts';

export const AUDIT_ACTION_LABELS: Record<ConsoleAuditAction, string> = {
  signIn: 'Signed in',
  signOut: 'Signed out',
  onboard: 'Onboarded',
  inviteAdmin: 'Super admin invited',
  resendAdminInvite: 'Invitation sent again',
  revokeAdminInvite: 'Invitation revoked',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  goLive: 'Go-live state',
};

/** Shown beside a change: what it concerned, from what the entry recorded before and after. */
const DETAIL_FIELDS = ['companyName', 'email', 'reason', 'status', 'goLive'];
function detail(e: TConsoleAuditEntry): string {
  const record = { ...e.before, ...e.after };
  return (
    DETAIL_FIELDS.filter((f) => typeof record[f] === 'string' && record[f])
      .map((f) => String(record[f]))
      .join(' · ') || '—'
  );
}

/**
 * The operators' audit log, newest first ("Show more" for older entries): the whole console's, or one
 * reseller's. `reload` is handed out so a screen's write can show its own entry at once.
 */
export function useAuditTrail(siteId?: string) {
  return useCursorList(consoleAuditLog, siteId ? { siteId } : {});
}

export function AuditTrail({ trail, label }: { trail: ReturnType<typeof useAuditTrail>; label: string }) {
  return (
    <Stack gap="sm">
      {trail.error && !trail.records && (
        <Group gap="xs" role="alert">
          <Text size="sm" c="dimmed">
            {MSG.someError}
          </Text>
          <Button variant="light" size="xs" onClick={() => void trail.reload()}>
            Try again
          </Button>
        </Group>
      )}
      <DataTable<TConsoleAuditEntry>
        label={label}
        rows={trail.records}
        loading={trail.isLoading}
        empty="No changes recorded yet."
        rowKey={(e) => e.id}
        minWidth={640}
        columns={[
          { key: 'when', header: 'When', nowrap: true, render: (e) => formatDateTime(e.at) },
          {
            key: 'who',
            header: 'Operator',
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm">{e.operator.name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.operator.email}
                </Text>
              </Stack>
            ),
          },
          { key: 'action', header: 'Change', render: (e) => AUDIT_ACTION_LABELS[e.action] },
          { key: 'detail', header: 'Details', render: detail },
        ]}
      />
      {trail.hasMore && (
        <Group>
          <Button variant="default" size="xs" loading={trail.loadingMore} onClick={trail.more}>
            Show more
          </Button>
        </Group>
      )}
    </Stack>
  );
}
