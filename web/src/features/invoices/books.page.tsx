/**
 * /staff/accounting-export (ours, `invoices.books`; docs/dmc.md "The books"): the accounting export of a period
 * (sales invoices, credit notes, receipts, refunds, supplier payables with their payments) as Tally Prime XML
 * vouchers or Zoho Books / Xero CSV journals, made in the background and handed over by link; and the site's ledger
 * names the vouchers post to.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { exportBooks, getLedgers, saveLedgers, type TLedgers } from '@tp/contracts/endpoints/books';
import { BOOK_FORMAT_LABELS, BOOK_FORMATS, LEDGER_KEYS, LEDGER_LABELS, type BookFormat } from '@tp/domain/accounting';
import { useApi } from '#api/hooks.ts';
import { DateField } from '#shared/DateField.tsx';
import { ExportButton } from '#shared/ExportButton.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { PermissionPage } from '#shared/PermissionPage.tsx';
import { useEndpointForm } from '#shared/form.ts';

const monthStart = (d: Date) => `${d.toISOString().slice(0, 8)}01`;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

function Export() {
  const today = new Date();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(dayOf(today));
  const [format, setFormat] = useState<BookFormat>('tally');
  const rangeError = from && to && to < from ? 'The end is before the start' : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="books-export">
      <Stack gap="sm">
        <Title order={2} size="h4" id="books-export">
          Export a period
        </Title>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateField label="From" value={from} onChange={setFrom} />
          <DateField label="To" value={to} onChange={setTo} error={rangeError} />
        </Group>
        <Radio.Group label="Format" value={format} onChange={(v) => setFormat(v as BookFormat)}>
          <Stack gap={6} mt={4}>
            {BOOK_FORMATS.map((f) => (
              <Radio key={f} value={f} label={BOOK_FORMAT_LABELS[f]} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="xs" c="gray.7">
          Every document issued in the period once, each as a balanced voucher: invoices and credit notes in rupees,
          receipts, refunds and supplier payables in the quotation&apos;s currency.
        </Text>
        <ExportButton
          endpoint={exportBooks}
          input={() => ({ from, to, format })}
          label={format === 'tally' ? 'Export (.xml)' : 'Export (.csv)'}
          disabled={!from || !to || !!rangeError}
        />
      </Stack>
    </Paper>
  );
}

function LedgerForm({ ledgers }: { ledgers: TLedgers }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: saveLedgers,
    initialValues: { names: ledgers.names, partyLedgers: ledgers.partyLedgers, tallyCompany: ledgers.tallyCompany },
    toRequest: (v) => ({ ...v, version: ledgers.version }),
    revalidate: [getLedgers],
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="books-ledgers">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id="books-ledgers">
            Ledger names
          </Title>
          <Text size="xs" c="gray.7">
            The names as they are in your books (Tally ledgers, Zoho or Xero accounts); the exports post to them.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {LEDGER_KEYS.map((k) => (
              <TextInput key={k} label={LEDGER_LABELS[k]} maxLength={100} {...form.getInputProps(`names.${k}`)} />
            ))}
          </SimpleGrid>
          <Checkbox
            label="Tally: a ledger per customer and supplier (under Sundry Debtors / Creditors)"
            {...form.getInputProps('partyLedgers', { type: 'checkbox' })}
          />
          <TextInput
            label="Tally company"
            description="Imported into this company; blank: the company open in Tally"
            maxLength={100}
            {...form.getInputProps('tallyCompany')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Save ledger names
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
}

function Ledgers() {
  const ledgers = useApi(getLedgers, {});
  if (ledgers.error) return <Text size="sm">{ledgers.error.message}</Text>;
  if (!ledgers.data) return <PageLoader />;
  // A fresh form once the saved names come back (the version moves on).
  return <LedgerForm key={ledgers.data.version} ledgers={ledgers.data} />;
}

export default function BooksPage() {
  return (
    <PermissionPage
      title="Accounting Export"
      permission="invoices.books"
      staffOnly
      intro="Sales invoices, credit notes, receipts, refunds and supplier payables with their payments, for Tally Prime, Zoho Books or Xero."
    >
      <Export />
      <Ledgers />
    </PermissionPage>
  );
}
