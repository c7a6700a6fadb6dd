import { lazy, Suspense, useState } from 'react';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { SiteCustomers } from './SiteCustomers.tsx';
import { Modal } from '#shared/Modal.tsx';

// The other tab and the dialogs (the agent form with its phone country list among them) load when opened:
// the console opens on the customer list (issue #35 §4).
const ApiConsumers = lazy(() => import('./ApiConsumers.tsx').then((m) => ({ default: m.ApiConsumers })));
const ApiRequestsDialog = lazy(() => import('./ApiRequestsDialog.tsx').then((m) => ({ default: m.ApiRequestsDialog })));
const CreateAgentForm = lazy(() => import('./CreateAgentForm.tsx').then((m) => ({ default: m.CreateAgentForm })));
const CustomerGroupsDialog = lazy(() =>
  import('./CustomerGroupsDialog.tsx').then((m) => ({ default: m.CustomerGroupsDialog })),
);

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
          <Suspense fallback={<PageLoader />}>
            <ApiConsumers />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      <Suspense fallback={null}>
        {dialog === 'groups' && <CustomerGroupsDialog opened onClose={close} />}
        {dialog === 'requests' && <ApiRequestsDialog opened onClose={close} />}
      </Suspense>
      <Modal opened={dialog === 'create'} onClose={close} title="Create Agent" fullScreen={small}>
        <Suspense fallback={<PageLoader />}>{dialog === 'create' && <CreateAgentForm onCreated={close} />}</Suspense>
      </Modal>
    </Stack>
  );
}
