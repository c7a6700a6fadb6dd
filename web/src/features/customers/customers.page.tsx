import { useState } from 'react';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { ApiConsumers } from './ApiConsumers.tsx';
import { ApiRequestsDialog } from './ApiRequestsDialog.tsx';
import { CreateAgentForm } from './CreateAgentForm.tsx';
import { CustomerGroupsDialog } from './CustomerGroupsDialog.tsx';
import { SiteCustomers } from './SiteCustomers.tsx';
import { Modal } from '#shared/Modal.tsx';

type Dialog = 'groups' | 'requests' | 'create';
const TABS = { customers: 'Site Customers', consumers: 'Api Consumers' } as const;
type Tab = keyof typeof TABS;

/** /staff and /staff/customers: the staff console for people (spec 000 §2 "Staff customer screen"). */
export default function CustomersPage() {
  const small = useSmallScreen();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'consumers' ? 'consumers' : 'customers';
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const selectTab = (value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'consumers') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Customers
        </Title>
        <Group gap="xs">
          <Button variant="light" onClick={() => setDialog('groups')}>
            Markup Groups
          </Button>
          <Button variant="light" onClick={() => setDialog('requests')}>
            API Customer Requests
          </Button>
          <Button onClick={() => setDialog('create')}>Create Agent</Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TABS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="customers" pt="md">
          <SiteCustomers />
        </Tabs.Panel>
        <Tabs.Panel value="consumers" pt="md">
          <ApiConsumers />
        </Tabs.Panel>
      </Tabs>
      <CustomerGroupsDialog opened={dialog === 'groups'} onClose={close} />
      <ApiRequestsDialog opened={dialog === 'requests'} onClose={close} />
      <Modal opened={dialog === 'create'} onClose={close} title="Create Agent" fullScreen={small}>
        <CreateAgentForm onCreated={close} />
      </Modal>
    </Stack>
  );
}
