import { useState } from 'react';
import { Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import type { RequestOf } from '@tp/contracts/endpoint';
import { getLeGroups, mapLegalEntityToGroup } from '@tp/contracts/endpoints/groups';
import { setLERelationConfig } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiConsumer } from '@tp/contracts/endpoints/suppliers';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { useConsumerCache, useCustomerCache } from './cache.ts';
import { displayName, groupLabel } from './format.ts';
import { Modal } from '#shared/Modal.tsx';

/** Whose customer group (and TDS setting) the dialog changes: a site customer or an API consumer. */
export type GroupTarget = { kind: 'customer'; customer: TCustomer } | { kind: 'consumer'; consumer: TApiConsumer };

interface TargetView {
  name: string;
  legalEntityId: string | null;
  groupId: string | null;
  groupName: string | null;
  /** B2B options (TDS) show for travel agents, staff and API consumers (spec 000 §6). */
  showsTax: boolean;
  /** Known for API consumers; the customer list does not carry it (null: not known). */
  isTdsDeductable: boolean | null;
}

function view(t: GroupTarget): TargetView {
  if (t.kind === 'customer') {
    const c = t.customer;
    return {
      name: displayName(c),
      legalEntityId: c.legalEntityId || null,
      groupId: c.userGroup.groupId,
      groupName: c.groupName,
      showsTax: c.userType === 'travelAgent' || c.userType === 'staff',
      isTdsDeductable: null,
    };
  }
  const c = t.consumer;
  return {
    name: c.wl_companyName || c.wl_domain,
    legalEntityId: c.wl_legalEntityId,
    groupId: c.userGroup.groupId,
    groupName: c.leGroup_groupName,
    showsTax: true,
    isTdsDeductable: c.isTdsDeductable,
  };
}

function TaxSettings({ target, legalEntityId }: { target: TargetView; legalEntityId: string }) {
  const consumers = useConsumerCache();
  const [tds, setTds] = useState<boolean | null>(target.isTdsDeductable);
  const save = useAction(setLERelationConfig, {
    success: MSG.tdsChanged,
    onSuccess: (saved) => {
      setTds(saved.isTdsDeductable);
      consumers.patch(
        (c) => c.wl_legalEntityId === saved.userLEID,
        (c) => ({ ...c, isTdsDeductable: saved.isTdsDeductable }),
      );
    },
  });
  const change = (next: boolean) => save.run({ isTdsDeductable: next, userLEID: legalEntityId });
  return (
    <Stack gap="xs">
      <Divider label="Tax Settings" labelPosition="left" />
      <ServerSwitch
        label="Deduct TDS on commission"
        checked={tds ?? false}
        onChange={change}
        description={tds === null ? 'The current setting is not shown here; switching saves the new one.' : undefined}
      />
    </Stack>
  );
}

/** Change Group: the customer group of a customer's or consumer's legal entity, with Tax Settings. */
export function ChangeGroupDialog({ target, onClose }: { target: GroupTarget | null; onClose: () => void }) {
  const small = useSmallScreen();
  return (
    <Modal opened={target !== null} onClose={onClose} title="Change Group" fullScreen={small}>
      {target && <ChangeGroupBody key={keyOf(target)} target={target} onClose={onClose} />}
    </Modal>
  );
}

const keyOf = (t: GroupTarget) =>
  t.kind === 'customer' ? t.customer.id : `${t.consumer.wl_mongoDb_siteId}/${t.consumer.sc_map_supplierListId}`;

function ChangeGroupBody({ target, onClose }: { target: GroupTarget; onClose: () => void }) {
  const v = view(target);
  const customers = useCustomerCache();
  const consumers = useConsumerCache();
  const { data: groups, isLoading } = useApi(getLeGroups, {});
  const form = useForm<{ groupId: string | null; LEId: string }>({
    initialValues: { groupId: v.groupId, LEId: v.legalEntityId ?? '' },
    validate: schemaResolver(mapLegalEntityToGroup.request, { sync: true }),
  });
  const map = useAction(mapLegalEntityToGroup, {
    success: MSG.groupChanged,
    form,
    onSuccess: (mapped) => {
      customers.patch(
        (c) => c.legalEntityId === mapped.LEId,
        (c) => ({ ...c, groupName: mapped.groupName, userGroup: { groupId: mapped.groupId } }),
      );
      consumers.patch(
        (c) => c.wl_legalEntityId === mapped.LEId,
        (c) => ({ ...c, leGroup_groupName: mapped.groupName, userGroup: { groupId: mapped.groupId } }),
      );
      onClose();
    },
  });
  // The schema refuses a missing group, so the values are the request.
  const submit = form.onSubmit((values) => void map.run(values as RequestOf<typeof mapLegalEntityToGroup>));
  const { groupId } = form.values;

  if (!v.legalEntityId)
    return (
      <Text c="dimmed" role="status">
        {v.name} has no account on this site yet, so it cannot be put in a group.
      </Text>
    );

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            <Text span fw={600}>
              {v.name}
            </Text>{' '}
            is in: {groupLabel(v.groupName)}
          </Text>
          <Select
            label="Markup group"
            placeholder={isLoading ? 'Loading groups…' : 'Choose a group'}
            data={(groups ?? []).map((g) => ({
              value: g.id,
              label: g.isDefault ? `${g.groupName} (Default)` : g.groupName,
            }))}
            {...form.getInputProps('groupId')}
            allowDeselect={false}
            searchable
            nothingFoundMessage={MSG.noResults}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={map.busy} disabled={!groupId || groupId === v.groupId}>
              Change Group
            </Button>
          </Group>
        </Stack>
      </form>
      {v.showsTax && <TaxSettings target={v} legalEntityId={v.legalEntityId} />}
    </Stack>
  );
}
