import { useState } from 'react';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { getApiConsumers, setFlightHoldSetting, setFlightSearchSetting } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiConsumer } from '@tp/contracts/endpoints/suppliers';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { sameConsumerLink, useConsumerCache } from './cache.ts';
import { ChangeGroupDialog, type GroupTarget } from './ChangeGroupDialog.tsx';
import { groupLabel } from './format.ts';

const linkOf = (c: TApiConsumer) => ({ consumerSiteId: c.wl_mongoDb_siteId, supplierListId: c.sc_map_supplierListId });

function LinkSwitches({ consumer: c }: { consumer: TApiConsumer }) {
  const cache = useConsumerCache();
  const name = c.wl_companyName || c.wl_domain;
  const saved = {
    success: MSG.settingSaved,
    onSuccess: (next: TApiConsumer) =>
      cache.patch(
        (x) => sameConsumerLink(x, next),
        () => next,
      ),
  };
  const hold = useAction(setFlightHoldSetting, saved);
  const search = useAction(setFlightSearchSetting, saved);
  return (
    <Stack gap={6}>
      <ServerSwitch
        size="sm"
        label="Flight hold"
        aria-label={`Flight hold for ${name} (${c.sup_category})`}
        checked={c.sc_map_isFlightHoldAllowed}
        onChange={(isFlightHold) => hold.run({ ...linkOf(c), isFlightHold })}
      />
      <ServerSwitch
        size="sm"
        label="Flight search"
        aria-label={`Flight search for ${name} (${c.sup_category})`}
        checked={c.sc_map_isFlightSearchAllowed}
        onChange={(isFlightSearchAllowed) => search.run({ ...linkOf(c), isFlightSearchAllowed })}
      />
    </Stack>
  );
}

function consumerColumns(changeGroup: (c: TApiConsumer) => void): Column<TApiConsumer>[] {
  return [
    {
      key: 'site',
      header: 'Consumer',
      render: (c) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {c.wl_companyName}
          </Text>
          <Text size="xs" c="dimmed">
            {c.wl_domain}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'admin',
      header: 'Admin',
      render: (c) => (
        <Stack gap={0}>
          <Anchor href={`mailto:${c.wl_adminEmail}`} size="sm">
            {c.wl_adminEmail}
          </Anchor>
          <Text size="xs" c="dimmed">
            {c.wl_adminContact}
          </Text>
        </Stack>
      ),
    },
    { key: 'group', header: 'Markup group', render: (c) => groupLabel(c.leGroup_groupName) },
    {
      key: 'category',
      header: 'Category',
      render: (c) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm">{c.sup_category}</Text>
          {c.sc_map_status !== 'Approved' && (
            <Badge size="xs" color="orange" variant="light">
              {c.sc_map_status}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'switches',
      header: 'Flight access',
      // Flight hold and search are switches of a Flights link only.
      render: (c) => (c.sup_category === 'Flights' ? <LinkSwitches consumer={c} /> : '—'),
    },
    {
      key: 'actions',
      header: '',
      render: (c) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => changeGroup(c)}
          aria-label={`Change Group of ${c.wl_companyName}`}
        >
          Change Group
        </Button>
      ),
    },
  ];
}

/** The "Api Consumers" tab: sites that buy from this one, per category, with their switches. */
export function ApiConsumers() {
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<GroupTarget | null>(null);
  const { data, isLoading } = useApi(getApiConsumers, { page }, { keepPreviousData: true });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {data ? `Total consumers: ${data.totalRecords}` : ''}
      </Text>
      <DataTable
        label="API consumers"
        rows={data?.records}
        columns={consumerColumns((consumer) => setTarget({ kind: 'consumer', consumer }))}
        rowKey={(c) => `${c.wl_mongoDb_siteId}/${c.sc_map_supplierListId}`}
        loading={isLoading}
        empty={MSG.noResults}
        {...(data
          ? { paging: { page, totalPages: data.totalPages, totalRecords: data.totalRecords, onChange: setPage } }
          : {})}
      />
      <ChangeGroupDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
