import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_DOMAINS_MSG, checkGoLive, getGoLive, startGoLive } from '@tp/contracts/endpoints/console-domains';
import { getReseller, listResellers } from '@tp/contracts/endpoints/console';
import type { ResponseOf } from '@tp/contracts/endpoint';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { copyText } from '#shared/clipboard.ts';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDateTime } from '#shared/format.ts';

type TGoLive = ResponseOf<typeof getGoLive>;
type TDomainGoLive = TGoLive['domains'][number];
type TDnsRecord = TDomainGoLive['records'][number];

/** What each record does, as the operator passes it on to the domain's owner. */
const PURPOSE: Record<TDnsRecord['purpose'], string> = {
  alias: 'Website address',
  dkim: 'DKIM signing key',
  mailFromMx: 'MAIL FROM: bounces',
  mailFromSpf: 'MAIL FROM: SPF',
  dmarc: 'DMARC policy',
};

const DOMAIN_STATE: Record<TDomainGoLive['state'], [label: string, color: string]> = {
  notStarted: ['Not started', 'gray'],
  pending: ['Pending', 'yellow'],
  live: ['Live', 'green'],
};

function Copyable({ text, what }: { text: string; what: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" display="inline-flex">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {text}
      </Text>
      <ActionIcon variant="subtle" size="sm" aria-label={`Copy ${what}`} onClick={() => void copyText(text)}>
        <svg
          viewBox="0 0 24 24"
          width="14"
          height="14"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      </ActionIcon>
    </Group>
  );
}

function DomainChecklist({ domain }: { domain: TDomainGoLive }) {
  const [label, color] = DOMAIN_STATE[domain.state];
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Title>
          <Badge variant="light" color={color}>
            {label}
          </Badge>
        </Group>
        {(domain.startedAt || domain.checkedAt) && (
          <Text size="xs" c="dimmed">
            {domain.startedAt && `Started ${formatDateTime(domain.startedAt)}`}
            {domain.startedAt && domain.checkedAt && ' · '}
            {domain.checkedAt && `Checked ${formatDateTime(domain.checkedAt)}`}
          </Text>
        )}
        <DataTable<TDnsRecord>
          label={`DNS records of ${domain.domain}`}
          rows={domain.records}
          empty="No records to publish."

          rowKey={(r) => `${r.purpose}|${r.type}|${r.name}|${r.value}`}
          minWidth={760}
          columns={[
            {
              key: 'purpose',
              header: 'Record',
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm">{PURPOSE[r.purpose]}</Text>
                  {!r.required && (
                    <Text size="xs" c="dimmed">
                      Optional
                    </Text>
                  )}
                </Stack>
              ),
            },
            { key: 'type', header: 'Type', nowrap: true, render: (r) => r.type },
            { key: 'name', header: 'Name', render: (r) => <Copyable text={r.name} what={`the ${r.type} name`} /> },
            { key: 'value', header: 'Value', render: (r) => <Copyable text={r.value} what={`the ${r.type} value`} /> },
            {
              key: 'state',
              header: 'State',
              nowrap: true,
              width: 120,
              render: (r) =>
                r.verified ? (
                  <Badge variant="light" color="green">
                    Verified
                  </Badge>
                ) : (
                  <Badge variant="light" color="yellow">
                    Pending
                  </Badge>
                ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/**
 * A reseller's go-live checklist: per domain, the DNS records its owner publishes and whether the cloud has
 * verified each; Start provisions what the domains need (safe to repeat), Check asks the cloud again.
 */
export function GoLiveChecklist({ siteId, onChanged }: { siteId: string; onChanged: () => void }) {
  const goLive = useApi(getGoLive, { siteId });
  const after = { revalidate: [getGoLive, getReseller, listResellers], onSuccess: onChanged } as const;
  const start = useAction(startGoLive, { ...after, success: CONSOLE_DOMAINS_MSG.started });
  const check = useAction(checkGoLive, {
    ...after,
    success: (answer) => (answer.live ? CONSOLE_DOMAINS_MSG.live : CONSOLE_DOMAINS_MSG.checked),
  });
  const started = goLive.data?.domains.some((d) => d.state !== 'notStarted');
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
          {goLive.data?.live
            ? 'Every domain is live.'
            : 'Publish these records at each domain’s DNS provider; the domain goes live once the required ones are verified.'}
        </Text>
        {goLive.data && !goLive.data.live && (
          <Group gap="xs">
            <Button size="xs" loading={start.busy} onClick={() => void start.run({ siteId })}>
              {started ? 'Start again' : 'Start going live'}
            </Button>
            {started && (
              <Button size="xs" variant="default" loading={check.busy} onClick={() => void check.run({ siteId })}>
                Check again
              </Button>
            )}
          </Group>
        )}
      </Group>
      <AsyncContent
        data={goLive.data}
        error={goLive.error}
        onRetry={() => void goLive.mutate()}
        loadingLabel="Loading the go-live checklist"
      >
        {(data) => (
          <Stack gap="sm">
            {data.domains.map((d) => (
              <DomainChecklist key={d.domain} domain={d} />
            ))}
          </Stack>
        )}
      </AsyncContent>
    </Stack>
  );
}
