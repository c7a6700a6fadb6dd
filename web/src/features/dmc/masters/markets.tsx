import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DMC_MSG,
  createNewMarket,
  getDefaultMarketOptions,
  searchMarket,
  updateMarketForCustomer,
  type TMarket,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { marketErrors } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { useAction } from '#api/action.ts';
import { toastError } from '#lib/notify.ts';
import { usePermission } from '#shared/usePermission.ts';
import { FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { CustomerSelect, MarketSelect, type PickOption } from '../shared/pickers.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';

function MarketForm({ market, done, cancel }: { market: TMarket | null; done: () => void; cancel: () => void }) {
  const { form, submit, busy } = useSaveForm({
    endpoint: createNewMarket,
    initialValues: {
      name: market?.name ?? '',
      currency: market?.currency ?? 'AED',
      isDefault: market?.isDefault ?? false,
    },
    toBody: (v) => ({ ...(market ? { marketId: market.marketId } : {}), ...v }),
    rule: marketErrors,
    success: DMC_MSG.marketSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Pair>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Currency"
            description="ISO code its rates are contracted in, e.g. AED"
            required
            maxLength={3}
            {...form.getInputProps('currency')}
            onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
          />
        </Pair>
        <Checkbox
          label="Default market (customers without a market of their own)"
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
        />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** Assigns a market to one customer (`dmc/updateMarketForCustomer`); none means the default market applies. */
function CustomerMarket() {
  const [customer, setCustomer] = useState<PickOption | null>(null);
  const current = useApi(getDefaultMarketOptions, customer ? { userId: customer.value } : null, {
    call: { handling: 'navigation' },
    onError: () => toastError(MSG.marketsFailed),
  });
  const [chosen, setChosen] = useState<{ userId: string; marketId: string | null } | null>(null);
  const saved = current.data?.customerMarketId ?? null;
  const marketId = chosen && chosen.userId === customer?.value ? chosen.marketId : saved;
  const defaultName = current.data?.markets.find((m) => m.marketId === current.data?.defaultMarketId)?.name;
  const save = useAction(updateMarketForCustomer, {
    success: DMC_MSG.customerMarketSaved,
    onSuccess: () => current.mutate(),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Market of a customer
        </Title>
        <Text size="sm" c="dimmed">
          Quotations for the customer are priced with this market&apos;s rates. Without one, the default market
          {defaultName ? ` (${defaultName})` : ''} applies.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CustomerSelect value={customer?.value ?? null} onChange={(_v, o) => setCustomer(o)} w={320} />
          <MarketSelect
            label="Market of the customer"
            value={marketId}
            onChange={(v) => customer && setChosen({ userId: customer.value, marketId: v })}
            clearable
            placeholder="Default market"
            disabled={!customer || !current.data}
            w={280}
          />
          <Button
            onClick={() => customer && void save.run({ userId: customer.value, marketId })}
            loading={save.busy}
            disabled={!customer || !current.data || marketId === saved}
          >
            Save market
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Markets: the buyer segments rates are sold to (spec 001 §3), and which customer buys in which. */
export function MarketsSection() {
  const list = useServerList(searchMarket, {}, { failure: MSG.marketsFailed });
  const canAssign = usePermission('customers.view');
  return (
    <Stack gap="lg">
      <MasterSection
        noun="market"
        plural="Markets"
        list={list}
        searchLabel="Search markets"
        empty={MSG.noResults}
        entity="market"
        rowKey={(m) => m.marketId}
        subject={(m) => m.name}
        columns={[
          { key: 'name', header: 'Name', render: (m) => m.name },
          { key: 'currency', header: 'Currency', render: (m) => m.currency },
          {
            key: 'default',
            header: 'Default',
            render: (m) => (m.isDefault ? <Badge variant="light">Default</Badge> : '—'),
          },
        ]}
        form={(m, done, cancel) => <MarketForm market={m} done={done} cancel={cancel} />}
      />
      {canAssign && <CustomerMarket />}
    </Stack>
  );
}
