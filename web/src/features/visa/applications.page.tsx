import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { myVisaApplications, type TVisaApplication } from '@tp/contracts/endpoints/visa-applications';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDate, formatMoney } from '#shared/format.ts';
import { VisaStatusBadge } from './application-parts.tsx';
import { VISA_HOME } from './links.ts';
import { VisaHeader } from './VisaHeader.tsx';

const applicationPath = (id: string) => `/visa-applications/${encodeURIComponent(id)}`;

/** /visa-applications (ours): the caller's visa applications, newest first; new ones start from a checklist. */
export default function VisaApplicationsPage() {
  const pages = useCursorPages(myVisaApplications, {}, { call: { handling: 'navigation' } });
  return (
    <Stack gap="lg" maw={1100} w="100%" mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <VisaHeader crumbs={[]} title="Visa applications" intro="Your visa applications and where each stands." />
        <Button component={Link} to={VISA_HOME} variant="light">
          Apply from a visa checklist
        </Button>
      </Group>
      <DataTable<TVisaApplication>
        label="Visa applications"
        rows={pages.data?.records}
        loading={pages.isLoading}
        empty="No visa applications yet. Open a visa's checklist and choose Apply online."
        rowKey={(a) => a.id}
        minWidth={760}
        columns={[
          {
            key: 'reference',
            header: 'Application',
            nowrap: true,
            render: (a) => (
              <Anchor component={Link} to={applicationPath(a.id)}>
                {a.reference}
              </Anchor>
            ),
          },
          { key: 'visa', header: 'Visa', render: (a) => `${a.countryName} – ${a.visaCategory}` },
          { key: 'travellers', header: 'Travellers', render: (a) => a.travellers.length },
          {
            key: 'dates',
            header: 'Travel',
            nowrap: true,
            render: (a) => `${formatDate(a.travelFrom)} – ${formatDate(a.travelTo)}`,
          },
          { key: 'fee', header: 'Fee', nowrap: true, render: (a) => formatMoney(a.fee.total, a.fee.currency) },
          { key: 'status', header: 'Status', render: (a) => <VisaStatusBadge status={a.status} /> },
          {
            key: 'missing',
            header: 'To do',
            render: (a) =>
              a.missing.length && (a.status === 'draft' || a.status === 'documentsRequested') ? (
                <Text size="sm" c="orange.9">
                  {a.missing.length} document{a.missing.length === 1 ? '' : 's'} to upload
                </Text>
              ) : a.status === 'draft' ? (
                <Text size="sm">Pay the fee</Text>
              ) : (
                ''
              ),
          },
        ]}
      />
      <CursorPager pages={pages} />
    </Stack>
  );
}
