import { useState, type ReactNode } from 'react';
import { Badge, Button, Divider, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import {
  getCustomerMonthlyFlightDetails,
  getUserById,
  setFlightHoldSettingForUser,
  setFlightSearchSettingForUser,
  toggleBlock,
} from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { useCustomerCache } from './cache.ts';
import { ChangeDetailsForm } from './ChangeDetailsForm.tsx';
import { formatDate } from '#shared/format.ts';
import { displayName, formatMonthYear, groupLabel, personName, primaryPhone, USER_TYPE_LABELS } from './format.ts';
import { Modal } from '#shared/Modal.tsx';

/** Customer details: block, Change Details, per-user flight switches, monthly searches and bookings. */
export function CustomerDetailsDialog({ customer, onClose }: { customer: TCustomer | null; onClose: () => void }) {
  const small = useSmallScreen();
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <Modal
      opened={customer !== null}
      onClose={close}
      title={editing ? 'Change Details' : 'Customer details'}
      size="lg"
      fullScreen={small}
    >
      {customer && <DetailsBody key={customer.id} initial={customer} editing={editing} setEditing={setEditing} />}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

function DetailsBody({
  initial,
  editing,
  setEditing,
}: {
  initial: TCustomer;
  editing: boolean;
  setEditing: (on: boolean) => void;
}) {
  const cache = useCustomerCache();
  // The row is shown at once; the server's current copy replaces it when it arrives.
  const { data, mutate } = useApi(getUserById, { userId: initial.id }, { fallbackData: initial });
  const c = data ?? initial;
  /** The server's answer to a write: into the lists, and into this dialog even while its own read is under way. */
  const apply = (next: TCustomer) => {
    cache.replace(next);
    void mutate(next, { revalidate: false });
  };
  const block = useAction(toggleBlock, {
    success: (_, { isBlocked }) => (isBlocked ? MSG.customerBlocked : MSG.customerUnblocked),
    onSuccess: apply,
  });
  const hold = useAction(setFlightHoldSettingForUser, { success: MSG.settingSaved, onSuccess: apply });
  const search = useAction(setFlightSearchSettingForUser, { success: MSG.settingSaved, onSuccess: apply });

  if (editing)
    return (
      <ChangeDetailsForm
        customer={c}
        onDone={(next) => {
          apply(next);
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );

  const setBlocked = (isBlocked: boolean) => block.run({ customerId: c.users_id, isBlocked });
  const setHold = (isFlightHold: boolean) => hold.run({ userId: c.id, isFlightHold });
  const setSearch = (isFlightSearchAllowed: boolean) => search.run({ userId: c.id, isFlightSearchAllowed });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {displayName(c)}
          </Title>
          <Text size="sm" c="dimmed">
            #{c.users_id} · {USER_TYPE_LABELS[c.userType]}
          </Text>
        </Stack>
        <Button variant="light" onClick={() => setEditing(true)}>
          Change Details
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Name">{personName(c)}</Field>
        <Field label="Company">{c.companyName}</Field>
        <Field label="Email">
          {c.email}{' '}
          <Badge size="xs" variant="light" color={c.status === 'verified' ? 'green' : 'gray'}>
            {c.status === 'verified' ? 'Verified' : 'Not Verified'}
          </Badge>
        </Field>
        <Field label="Primary phone">{primaryPhone(c)}</Field>
        <Field label="Markup group">{groupLabel(c.groupName)}</Field>
        <Field label="Registered">{formatDate(c.createdAt)}</Field>
        <Field label="PAN">{c.panNumber}</Field>
        <Field label="GST number">{c.gstNumber}</Field>
      </SimpleGrid>
      <Divider label="Access" labelPosition="left" />
      <Stack gap="sm">
        <ServerSwitch label="Blocked" color="red" checked={c.isBlocked} onChange={setBlocked} />
        <ServerSwitch label="Flight hold allowed" checked={c.isFlightHoldAllowed} onChange={setHold} />
        <ServerSwitch label="Flight search allowed" checked={c.isFlightSearchAllowed} onChange={setSearch} />
      </Stack>
      <Divider label="Monthly searches and bookings" labelPosition="left" />
      <MonthlyCounts userId={c.id} />
    </Stack>
  );
}

function MonthlyCounts({ userId }: { userId: string }) {
  const { data, isLoading } = useApi(getCustomerMonthlyFlightDetails, { userId });
  if (isLoading && !data)
    return (
      <Stack gap={6} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={18} />
        ))}
      </Stack>
    );
  if (!data?.length)
    return (
      <Text c="dimmed" size="sm" role="status">
        {MSG.noResults}
      </Text>
    );
  return (
    <Table aria-label="Monthly searches and bookings" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Month</Table.Th>
          <Table.Th ta="right">Searches</Table.Th>
          <Table.Th ta="right">Bookings</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((m) => (
          <Table.Tr key={m.month_year}>
            <Table.Td>{formatMonthYear(m.month_year)}</Table.Td>
            <Table.Td ta="right">{m.look_count}</Table.Td>
            <Table.Td ta="right">{m.book_count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
