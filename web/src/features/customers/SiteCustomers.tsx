import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Badge, CloseButton, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import { getCustomers, searchWlUser, toggleFlightSearchExemption } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { useSite } from '#shared/site.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { usePageCursors } from '#shared/page-cursors.ts';
import { useUser } from '#lib/state.ts';
import { useCustomerCache } from './cache.ts';
import type { GroupTarget } from './ChangeGroupDialog.tsx';
import { formatDate } from '#shared/format.ts';
import { displayName, groupLabel, personName, primaryPhone, USER_TYPE_LABELS } from './format.ts';

// The row actions' dialogs load when one is opened, not with the list.
const ChangeGroupDialog = lazy(() => import('./ChangeGroupDialog.tsx').then((m) => ({ default: m.ChangeGroupDialog })));
const CustomerDetailsDialog = lazy(() =>
  import('./CustomerDetailsDialog.tsx').then((m) => ({ default: m.CustomerDetailsDialog })),
);
const PermissionGroupDialog = lazy(() =>
  import('./PermissionGroupDialog.tsx').then((m) => ({ default: m.PermissionGroupDialog })),
);

export interface RowActions {
  addMoney: (c: TCustomer) => void;
  viewDetails: (c: TCustomer) => void;
  changeGroup: (c: TCustomer) => void;
  /** Absent when the signed-in user may not change permission groups here. */
  changePermissionGroup?: (c: TCustomer) => void;
  toggleExemption: (c: TCustomer) => void;
}

function ActionsMenu({ customer: c, actions }: { customer: TCustomer; actions: RowActions }) {
  const exempted = c.flightLookToBook.is_exempted;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${displayName(c)}`}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.addMoney(c)}>Add Money</Menu.Item>
        <Menu.Item onClick={() => actions.viewDetails(c)}>View Details</Menu.Item>
        <Menu.Item onClick={() => actions.changeGroup(c)}>Change Markup Group</Menu.Item>
        {actions.changePermissionGroup && c.userType === 'staff' && (
          <Menu.Item onClick={() => actions.changePermissionGroup?.(c)}>Change Permission Group</Menu.Item>
        )}
        <Menu.Item onClick={() => actions.toggleExemption(c)}>
          {exempted ? 'Remove L2B Exemption' : 'Exempt L2B'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function StatusBadges({ customer: c }: { customer: TCustomer }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge size="sm" variant="light" color={c.status === 'verified' ? 'green' : 'gray'}>
        {c.status === 'verified' ? 'Verified' : 'Not Verified'}
      </Badge>
      {c.flightLookToBook.is_exempted && (
        <Badge size="sm" variant="light" color="blue">
          Exempted
        </Badge>
      )}
      {c.isBlocked && (
        <Badge size="sm" variant="filled" color="red">
          Blocked
        </Badge>
      )}
    </Stack>
  );
}

export function customerColumns(actions: RowActions): Column<TCustomer>[] {
  return [
    {
      key: 'customer',
      header: 'Customer',
      render: (c) => {
        const name = displayName(c);
        const person = personName(c);
        return (
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            {person && person !== name && (
              <Text size="xs" c="dimmed">
                {person}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              #{c.users_id}
            </Text>
          </Stack>
        );
      },
    },
    { key: 'group', header: 'Markup group', render: (c) => groupLabel(c.groupName) },
    { key: 'type', header: 'User type', render: (c) => USER_TYPE_LABELS[c.userType] },
    {
      key: 'permission',
      header: 'Permission group',
      render: (c) =>
        c.userGroupName ? (
          <Badge size="sm" variant="outline">
            {c.userGroupName}
          </Badge>
        ) : null,
    },
    { key: 'email', header: 'Email', render: (c) => c.email },
    { key: 'phone', header: 'Primary phone', nowrap: true, render: (c) => primaryPhone(c) },
    { key: 'status', header: 'Status', width: 130, render: (c) => <StatusBadges customer={c} /> },
    { key: 'registered', header: 'Registered', nowrap: true, render: (c) => formatDate(c.createdAt) },
    { key: 'actions', header: '', width: 48, render: (c) => <ActionsMenu customer={c} actions={actions} /> },
  ];
}

/** The "Site Customers" tab: search (debounced) or the paginated list, with the row actions. */
export function SiteCustomers() {
  const user = useUser();
  const site = useSite();
  const navigate = useNavigate();
  const cache = useCustomerCache();
  const [query, setQuery] = useState('');
  const [searchQuery] = useDebouncedValue(query.trim(), TIMING.userSearchDebounceMs);
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<TCustomer | null>(null);
  const [groupTarget, setGroupTarget] = useState<GroupTarget | null>(null);
  const [permissionOf, setPermissionOf] = useState<TCustomer | null>(null);

  const searching = searchQuery !== '';
  const cursors = usePageCursors(page);
  const list = useApi(getCustomers, searching ? null : { staffId: user?.id, page, ...cursors.cursorInput }, {
    keepPreviousData: true,
  });
  const { remember } = cursors;
  useEffect(() => remember(list.data), [remember, list.data]);
  const search = useApi(searchWlUser, searching ? { searchQuery } : null, { keepPreviousData: true });
  const rows = searching ? search.data : list.data?.records;
  const total = searching ? search.data?.length : list.data?.totalRecords;

  const exemption = useAction(toggleFlightSearchExemption, {
    success: (_, { exempt }) => (exempt ? MSG.customerExempted : MSG.customerExemptionRemoved),
    onSuccess: cache.replace,
  });
  const canChangePermissionGroup = !!user?.isUserSuperAdmin && !!site?.wlMeta.canShowPermissionMenu;
  const actions: RowActions = {
    addMoney: (c) => navigate(`/staff/walletReport/?email=${encodeURIComponent(c.email)}`),
    viewDetails: setDetails,
    changeGroup: (customer) => setGroupTarget({ kind: 'customer', customer }),
    ...(canChangePermissionGroup ? { changePermissionGroup: setPermissionOf } : {}),
    toggleExemption: (c) => void exemption.run({ customerId: c.users_id, exempt: !c.flightLookToBook.is_exempted }),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          label="Search customers"
          placeholder="Name, email, company or phone"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          type="search"
          w={{ base: '100%', xs: 360 }}
          rightSection={query ? <CloseButton aria-label="Clear search" onClick={() => setQuery('')} /> : null}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {total === undefined ? '' : searching ? `${total} found` : `Total customers: ${total}`}
        </Text>
      </Group>
      <DataTable
        label="Site customers"
        minWidth={1040}
        rows={rows}
        columns={customerColumns(actions)}
        rowKey={(c) => c.id}
        loading={searching ? search.isLoading : list.isLoading}
        empty={MSG.noResults}
        {...(!searching && list.data
          ? {
              paging: {
                page,
                totalPages: list.data.totalPages,
                totalRecords: list.data.totalRecords,
                onChange: setPage,
              },
            }
          : {})}
      />
      <Suspense fallback={null}>
        {details && <CustomerDetailsDialog customer={details} onClose={() => setDetails(null)} />}
        {groupTarget && <ChangeGroupDialog target={groupTarget} onClose={() => setGroupTarget(null)} />}
        {permissionOf && <PermissionGroupDialog customer={permissionOf} onClose={() => setPermissionOf(null)} />}
      </Suspense>
    </Stack>
  );
}
