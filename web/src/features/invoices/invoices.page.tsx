import { useDeferredValue, useMemo, useState } from 'react';
import {
  Anchor,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import {
  exportInvoices,
  getInvoiceSettings,
  invoicePath,
  listInvoices,
  saveInvoiceSettings,
  type DocumentType,
  type TInvoiceRow,
  type TInvoiceSettings,
  type TInvoiceSettingsInput,
} from '@tp/contracts/endpoints/invoices';
import { DISPLAY_TIME_ZONE } from '@tp/domain/format';
import { GST_STATES } from '@tp/domain/gst';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { DateField } from '#shared/DateField.tsx';
import { ExportButton } from '#shared/ExportButton.tsx';
import { formatDate, formatMoney, isoDay } from '#shared/format.ts';
import { PermissionPage } from '#shared/PermissionPage.tsx';
import { usePermission } from '#shared/usePermission.ts';

const PAGE = 50;
const MONTH_NAMES = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The last 24 months, newest first (`YYYY-MM` in the business day's zone). */
function recentMonths(today: string): { value: string; label: string }[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    return { value: d.toISOString().slice(0, 7), label: MONTH_NAMES.format(d) };
  });
}

const money = (n: number) => formatMoney(n);

const COLUMNS: Column<TInvoiceRow>[] = [
  {
    key: 'number',
    header: 'Number',
    nowrap: true,
    render: (r) => (
      <Anchor component={Link} to={invoicePath(r.id)}>
        {r.number}
      </Anchor>
    ),
  },
  { key: 'date', header: 'Date', nowrap: true, render: (r) => formatDate(r.issueDate) },
  {
    key: 'customer',
    header: 'Customer',
    render: (r) => (
      <>
        {r.recipientName}
        {r.recipientGstin && (
          <Text size="xs" c="dimmed">
            GSTIN {r.recipientGstin}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'ref',
    header: 'Reference',
    render: (r) => (r.againstNumber ? `${r.sourceRef} · ${r.againstNumber}` : r.sourceRef),
  },
  { key: 'pos', header: 'Place of supply', render: (r) => r.placeOfSupply },
  { key: 'taxable', header: 'Taxable', nowrap: true, render: (r) => money(r.taxableValue) },
  {
    key: 'tax',
    header: 'GST',
    nowrap: true,
    render: (r) => (r.igst ? `IGST ${money(r.igst)}` : `CGST ${money(r.cgst)} · SGST ${money(r.sgst)}`),
  },
  { key: 'total', header: 'Total', nowrap: true, render: (r) => money(r.total) },
];

function MonthList() {
  const months = useMemo(() => recentMonths(isoDay(new Date(), DISPLAY_TIME_ZONE)), []);
  const [month, setMonth] = useState(months[0]!.value);
  const [docType, setDocType] = useState<DocumentType>('invoice');
  const list = useCursorPages(listInvoices, { month, docType, limit: PAGE }, { keepPreviousData: true });
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Month"
          data={months}
          value={month}
          onChange={(v) => v && setMonth(v)}
          allowDeselect={false}
          w={200}
        />
        {/* Chips, not a segmented control: its sliding indicator measured the page inside the list's first commit. */}
        <Chip.Group value={docType} onChange={(v) => setDocType(v as DocumentType)}>
          <Group gap="xs" role="radiogroup" aria-label="Documents" mb={6}>
            <Chip value="invoice">Invoices</Chip>
            <Chip value="creditNote">Credit notes</Chip>
          </Group>
        </Chip.Group>
        <ExportButton endpoint={exportInvoices} input={() => ({ month })} label="Download month (.xlsx)" />
      </Group>
      <DataTable
        label={docType === 'invoice' ? 'Invoices' : 'Credit notes'}
        rows={list.data?.records}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        empty={docType === 'invoice' ? 'No invoices in this month.' : 'No credit notes in this month.'}
        minWidth={900}
      />
      <CursorPager pages={list} />
    </Stack>
  );
}

const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }));
const EMPTY: TInvoiceSettingsInput = {
  legalName: '',
  address: '',
  gstin: '',
  stateCode: '',
  prefix: '',
  exchangeRates: [],
};

function SettingsForm({ settings }: { settings: TInvoiceSettings | null }) {
  const form = useForm<TInvoiceSettingsInput>({
    initialValues: settings ? { ...settings, exchangeRates: settings.exchangeRates ?? [] } : EMPTY,
    validate: schemaResolver(saveInvoiceSettings.request, { sync: true }),
  });
  const save = useAction(saveInvoiceSettings, { form, revalidate: [getInvoiceSettings] });
  const rates = form.getValues().exchangeRates ?? [];
  const today = isoDay(new Date(), DISPLAY_TIME_ZONE);
  return (
    <form onSubmit={form.onSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Legal name" required autoComplete="organization" {...form.getInputProps('legalName')} />
          <TextInput
            label="GSTIN"
            required
            maxLength={15}
            description="15 characters; its first two digits are the state"
            {...form.getInputProps('gstin')}
          />
          <Select label="State" required searchable data={STATE_OPTIONS} {...form.getInputProps('stateCode')} />
          <TextInput
            label="Number prefix"
            required
            maxLength={3}
            description="1 to 3 letters or digits: FD/26-27/00001"
            {...form.getInputProps('prefix')}
          />
        </SimpleGrid>
        {/* Three rows, resizable, not autosize: autosize measures the text's height when it mounts, a forced layout
            of the whole page (~40 ms on a phone) in the list's first render. */}
        <Textarea label="Address" required rows={3} resize="vertical" {...form.getInputProps('address')} />
        {/* Rupees per unit of each currency quotations are priced in (a Dubai DMC quotes in AED): their invoices
            state INR at this rate (GST rule 34: the RBI reference rate of the day, kept here by staff). */}
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Exchange rates for quotations and activity carts in other currencies
          </Text>
          <Text size="sm" c="dimmed">
            Invoices are always in rupees: a quotation or activity cart priced in another currency is converted at its
            rate here, which the invoice names with its day. One priced in a currency without a rate gets no invoice.
          </Text>
          {rates.map((_, i) => (
            <Group key={form.key(`exchangeRates.${i}`)} align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                label="Currency"
                placeholder="AED"
                maxLength={3}
                w={110}
                key={form.key(`exchangeRates.${i}.currency`)}
                {...form.getInputProps(`exchangeRates.${i}.currency`)}
              />
              <NumberInput
                label="Rupees per unit"
                decimalScale={4}
                min={0}
                w={160}
                key={form.key(`exchangeRates.${i}.inrPerUnit`)}
                {...form.getInputProps(`exchangeRates.${i}.inrPerUnit`)}
              />
              <DateField
                label="Rate of"
                maxDate={today}
                w={150}
                key={form.key(`exchangeRates.${i}.rateDate`)}
                {...form.getInputProps(`exchangeRates.${i}.rateDate`)}
              />
              <Button variant="subtle" color="red" onClick={() => form.removeListItem('exchangeRates', i)}>
                Remove
              </Button>
            </Group>
          ))}
          {form.errors.exchangeRates && (
            <Text size="sm" c="red.8">
              {form.errors.exchangeRates}
            </Text>
          )}
          <Button
            variant="default"
            w="fit-content"
            onClick={() => form.insertListItem('exchangeRates', { currency: '', inrPerUnit: 0, rateDate: today })}
          >
            Add a rate
          </Button>
        </Stack>
        <Button type="submit" loading={save.busy} w="fit-content">
          Save invoice settings
        </Button>
      </Stack>
    </form>
  );
}

function Settings() {
  const answer = useApi(getInvoiceSettings, {}).data;
  // The form (a state picker, a field per rate) renders in a transition React cuts into slices, not in the same
  // task as the month's list: it is below the list, and the two together held a phone's main thread ~100 ms.
  const settings = useDeferredValue(answer);
  if (settings === undefined) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Invoice settings
      </Title>
      {!settings && (
        <Text size="sm" c="red.8" mb="xs">
          No invoice is issued until these are saved.
        </Text>
      )}
      <SettingsForm settings={settings} />
    </Paper>
  );
}

/**
 * /staff/invoices (ours): a month's GST invoices and credit notes in number order, the month as one .xlsx
 * with GSTR-1 style columns, and the reseller's legal details printed on them.
 */
export default function InvoicesPage() {
  const canEdit = usePermission('invoices.settings');
  return (
    <PermissionPage
      title="GST Invoices"
      permission="invoices.view"
      staffOnly
      intro="Tax invoices of ticketed bookings and their credit notes, numbered per financial year."
    >
      <MonthList />
      {canEdit && <Settings />}
    </PermissionPage>
  );
}
