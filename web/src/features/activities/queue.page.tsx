import { useState } from 'react';
import { Badge, Button, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { getQueue, type TCart } from '@tp/contracts/endpoints/activities';
import * as MSG from '@tp/contracts/messages';
import { CART_STATUSES, CART_STATUS_LABELS, type CartStatus } from '@tp/domain/activities';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney, partyLabel } from '#shared/format.ts';
import { toastError } from '#lib/notify.ts';
import { useUser } from '#lib/state.ts';
import { usePermission } from '#shared/usePermission.ts';
import { CartDetails } from './CartDetails.tsx';
import { ActivitiesPage } from './shared.tsx';

const isStatus = (s: string | null): s is CartStatus => CART_STATUSES.includes(s as CartStatus);

/**
 * /activities/queue (spec 001 §2): carts by status in tabs with their counts (staff who work the queue: the
 * site's; everyone else: their own). Changing the status starts again at page 1; pages follow the server's cursor.
 */
function QueueScreen() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const fallback: CartStatus = user?.userType === 'staff' ? 'submitted' : 'draft';
  const status = isStatus(params.get('status')) ? (params.get('status') as CartStatus) : fallback;
  // Back from the gateway: `?cart=<id>&payment=<id>` opens the cart with the payment's outcome.
  const [open, setOpen] = useState<string | null>(params.get('cart'));
  const paymentId = params.get('payment');
  const queue = useCursorPages(
    getQueue,
    { status },
    {
      numbered: true,
      call: { handling: 'navigation' },
      onError: () => toastError(MSG.activitySearchFailed),
      keepPreviousData: true,
    },
  );
  const choose = (next: string | null) => {
    if (!isStatus(next) || next === status) return;
    setParams({ status: next }, { replace: true });
  };
  const data = queue.data;
  const count = (s: CartStatus) => data?.statuses.find((x) => x.status === s)?.count;
  return (
    <>
      <Tabs value={status} onChange={choose} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {CART_STATUSES.map((s) => (
            <Tabs.Tab
              key={s}
              value={s}
              rightSection={
                count(s) === undefined ? null : (
                  <Badge size="sm" variant="light" color="gray" aria-label={`${count(s)} carts`}>
                    {count(s)}
                  </Badge>
                )
              }
            >
              {CART_STATUS_LABELS[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable<TCart>
        label={`${CART_STATUS_LABELS[status]} carts`}
        rows={data?.carts}
        loading={queue.isLoading}
        empty={`No ${CART_STATUS_LABELS[status].toLowerCase()} carts.`}
        rowKey={(c) => c.id}
        minWidth={700}
        columns={[
          { key: 'reference', header: 'Cart', render: (c) => c.reference, nowrap: true },
          { key: 'user', header: 'User', render: (c) => c.userName },
          {
            key: 'dates',
            header: 'Dates',
            nowrap: true,
            render: (c) => `${formatDate(c.startDate)} – ${formatDate(c.endDate)}`,
          },
          {
            key: 'pax',
            header: 'Travellers',
            render: (c) => partyLabel({ adults: c.adults, children: c.children }),
          },
          { key: 'items', header: 'Activities', render: (c) => c.items.length },
          { key: 'total', header: 'Total', nowrap: true, render: (c) => formatMoney(c.totalPrice, c.currency) },
          { key: 'updated', header: 'Updated', nowrap: true, render: (c) => formatDateTime(c.updatedAt) },
          {
            key: 'open',
            header: 'Actions',
            render: (c) => (
              <Button size="xs" variant="light" onClick={() => setOpen(c.id)} aria-label={`Open cart ${c.reference}`}>
                Open
              </Button>
            ),
          },
        ]}
      />
      {data && data.totalPages > 1 && <CursorPager pages={queue} totalPages={data.totalPages} />}
      <CartDetails
        cartId={open}
        paymentId={open && open === params.get('cart') ? paymentId : null}
        onClose={() => {
          setOpen(null);
          if (paymentId) setParams({ status }, { replace: true });
        }}
      />
    </>
  );
}

/**
 * What the queue offers, by who reads it: the moves are the domain's CART_MOVES; an agent (the
 * owner) submits, withdraws and cancels a cart until it is confirmed, and never confirms, rejects or vouchers it.
 */
export const QUEUE_INTRO = {
  staff:
    "The site's activity carts by status. Open one to see its activities, confirm, reject, voucher or cancel it, assign it to a user, add remarks or make a quotation of it.",
  owner:
    'Your activity carts by status. Open one to see its activities and add remarks. You can submit a draft, withdraw a submitted cart to change it, rework a rejected one, or cancel it until it is confirmed; our team confirms and vouchers it.',
} as const;

export default function ActivityQueuePage() {
  const user = useUser();
  const manages = usePermission('activities.manage') && user?.userType === 'staff';
  return (
    <ActivitiesPage
      title="Activity queue"
      permission="activities.book"
      intro={manages ? QUEUE_INTRO.staff : QUEUE_INTRO.owner}
    >
      <QueueScreen />
    </ActivitiesPage>
  );
}
