import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { listResellers, type TResellerRow } from '@tp/contracts/endpoints/console';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import {
  ConsolePage,
  GoLiveBadge,
  ONBOARD_PATH,
  ResellerStatus,
  monthFigures,
  monthName,
  resellerPath,
} from './shared.tsx';
import { LoadFailed } from '#shared/LoadFailed.tsx';

/**
 * /console: every reseller, newest first, a page at a time: status, domains, go-live state and this month's
 * business (searches, bookings, look-to-book, revenue) from the platform's counters.
 */
export default function ResellersPage() {
  const list = useCursorPages(listResellers, {}, { keepPreviousData: true });
  const month = list.data?.records[0]?.month.month;
  return (
    <ConsolePage
      title="Resellers"
      intro={`Each reseller's site, its state and ${month ? monthName(month) : 'this month'}'s business.`}
      actions={
        <Button component={Link} to={ONBOARD_PATH}>
          Onboard a reseller
        </Button>
      }
    >
      {list.error && !list.data && <LoadFailed onRetry={() => void list.mutate()} />}
      <DataTable<TResellerRow>
        label="Resellers"
        rows={list.data?.records}
        loading={list.isLoading}
        empty="No resellers yet. Onboard the first one."
        rowKey={(r) => r.siteId}
        minWidth={980}
        columns={[
          {
            key: 'company',
            header: 'Reseller',
            render: (r) => (
              <Anchor component={Link} to={resellerPath(r.siteId)} fw={600}>
                {r.companyName}
              </Anchor>
            ),
          },
          { key: 'status', header: 'Status', render: (r) => <ResellerStatus status={r.status} /> },
          {
            key: 'domains',
            header: 'Domains',
            render: (r) => (
              <Stack gap={0}>
                {r.domains.map((d) => (
                  <Text key={d} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {d}
                  </Text>
                ))}
              </Stack>
            ),
          },
          { key: 'golive', header: 'Go-live', render: (r) => <GoLiveBadge state={r.goLive} /> },
          { key: 'searches', header: 'Searches', nowrap: true, render: (r) => monthFigures(r.month).searches },
          { key: 'bookings', header: 'Bookings', nowrap: true, render: (r) => monthFigures(r.month).bookings },
          { key: 'l2b', header: 'Look-to-book', nowrap: true, render: (r) => monthFigures(r.month).lookToBook },
          { key: 'revenue', header: 'Revenue', nowrap: true, render: (r) => monthFigures(r.month).revenue },
        ]}
      />
      <CursorPager pages={list} />
    </ConsolePage>
  );
}
