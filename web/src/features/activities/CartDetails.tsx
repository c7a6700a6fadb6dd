import { useState } from 'react';
import { Anchor, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import {
  ACTIVITY_MSG,
  createKartFromCart,
  getCartData,
  getQueue,
  payCart,
  updateUserId,
  type TCart,
} from '@tp/contracts/endpoints/activities';
import { searchWlUser } from '@tp/contracts/endpoints/customers';
import { CART_STATUS_LABELS, type CartStatus } from '@tp/domain/activities';
import { useAction } from '#api/action.ts';
import { InvoiceLink } from '#features/invoices/index.ts';
import { GatewayReturnNotice, useGatewayReturn } from '#features/wallet/index.ts';
import { useApi } from '#api/hooks.ts';
import { formatDate, formatDateTime, formatMoney } from '#shared/format.ts';
import { CartPaymentNote, CartStatusBadge, ComboNote, LocalTotal } from './shared.tsx';
import { useUser } from '#lib/state.ts';
import { usePermission } from '#shared/usePermission.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { RemarksEditor, useStatusAction } from './CartPanel.tsx';

/** What each move is called on its button (the move, not the status). */
const MOVE_LABEL: Record<CartStatus, string> = {
  draft: 'Back to draft',
  submitted: 'Submit',
  confirmed: 'Confirm',
  rejected: 'Reject',
  vouchered: 'Voucher',
  cancelled: 'Cancel cart',
};

/** Staff hand a cart to another user of the site, found by name, email or phone. */
function AssignUser({ cart, onDone }: { cart: TCart; onDone: (c: TCart) => void }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 400);
  const [userId, setUserId] = useState<string | null>(null);
  const found = useApi(searchWlUser, debounced.length >= 2 ? { searchQuery: debounced } : null);
  const assign = useAction(updateUserId, { success: 'Cart assigned', onSuccess: onDone, revalidate: [getQueue] });
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        label="Assign to user"
        placeholder="Type a name, email or phone"
        searchable
        searchValue={query}
        onSearchChange={setQuery}
        data={(found.data ?? [])
          .filter((u) => u.id !== cart.userId)
          .map((u) => ({
            value: u.id,
            label: `${[u.firstName, u.lastName].filter(Boolean).join(' ') || u.companyName} · ${u.email}`,
          }))}
        value={userId}
        onChange={setUserId}
        nothingFoundMessage={debounced.length >= 2 && !found.isLoading ? 'No user found' : undefined}
        style={{ flex: '1 1 240px' }}
      />
      <Button
        variant="light"
        disabled={!userId}
        loading={assign.busy}
        onClick={() => userId && void assign.run({ cartId: cart.id, userId })}
      >
        Assign
      </Button>
    </Group>
  );
}

/**
 * The owner pays a confirmed cart online (docs/dmc.md "The activity cart pays"): to the site's gateway and back to
 * this cart, which the payment pays once it is verified.
 */
function PayOnline({ cart }: { cart: TCart }) {
  const pay = useAction(payCart, { onSuccess: (out) => window.location.assign(out.redirectTo) });
  if (!cart.payNow) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">This cart is confirmed: pay it to have it vouchered.</Text>
      <Button loading={pay.busy} onClick={() => void pay.run({ cartId: cart.id })}>
        Pay {formatMoney(cart.payNow.amount, cart.payNow.currency)} online
      </Button>
    </Group>
  );
}

/**
 * A cart opened from the queue: its lines, remarks, the moves the caller may make (the server decides which), and
 * for staff the assignment and, once confirmed, a quotation made from it. `paymentId`: the owner is back from the
 * gateway (`?payment=`), whose outcome is shown while the cart is read again.
 */
export function CartDetails({
  cartId,
  paymentId = null,
  onClose,
}: {
  cartId: string | null;
  paymentId?: string | null;
  onClose: () => void;
}) {
  const small = useSmallScreen();
  const cart = useApi(getCartData, cartId ? { cartId } : null);
  const returned = useGatewayReturn(cartId ? paymentId : null, () => void cart.mutate());
  const update = (c: TCart) => void cart.mutate(c, { revalidate: false });
  const move = useStatusAction(update);
  // Staff tools: permissions bind staff only (usePermission passes customers), so an agent is never offered an
  // assignment or a quotation the server refuses.
  const staff = useUser()?.userType === 'staff';
  const canManage = usePermission('activities.manage') && staff;
  const canQuote = usePermission('dmc.karts') && staff;
  const canFindUsers = usePermission('customers.view') && staff;
  const toKart = useAction(createKartFromCart, {
    success: 'Quotation created from the cart',
    onSuccess: () => void cart.mutate(),
    revalidate: [getQueue],
  });
  const c = cart.data;
  return (
    <Modal opened={!!cartId} onClose={onClose} title={c ? `Cart ${c.reference}` : 'Cart'} size="xl" fullScreen={small}>
      {!c ? (
        <Text c="dimmed">Loading cart…</Text>
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <CartStatusBadge status={c.status} />
            <Text size="sm">
              {c.userName} · {formatDate(c.startDate)} – {formatDate(c.endDate)} · {c.adults} adult
              {c.adults === 1 ? '' : 's'}
              {c.children ? `, ${c.children} child${c.children === 1 ? '' : 'ren'}` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              Updated {formatDateTime(c.updatedAt)}
            </Text>
            {/* A cart's tax invoice is issued when it is vouchered. */}
            {c.status === 'vouchered' && <InvoiceLink source="cart" sourceId={c.id} />}
          </Group>
          {c.items.length === 0 ? (
            <Text c="dimmed">No activities in this cart.</Text>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table striped aria-label="Activities in the cart">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Activity</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.items.map((l) => (
                    <Table.Tr key={l.itemId}>
                      <Table.Td>
                        {l.activityName}
                        <Text size="xs" c="dimmed">
                          {l.tourOptionName}
                        </Text>
                        {l.combo && <ComboNote combo={l.combo} currency={l.currency} />}
                      </Table.Td>
                      <Table.Td>{formatDate(l.date)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.price, l.currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Th colSpan={2}>Total</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{formatMoney(c.totalPrice, c.currency)}</Table.Th>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {c.localTotal && <LocalTotal local={c.localTotal} />}
          <GatewayReturnNotice state={returned} received={ACTIVITY_MSG.paymentReceived} />
          {c.payment && <CartPaymentNote payment={c.payment} />}
          <PayOnline cart={c} />
          <RemarksEditor key={`${c.id}:${c.remarks}`} cart={c} onSaved={update} />
          {c.nextStatuses.length > 0 && (
            <Group gap="xs" wrap="wrap" aria-label="Change status" role="group">
              {c.nextStatuses.map((s) => (
                <Button
                  key={s}
                  variant={s === 'cancelled' || s === 'rejected' ? 'light' : 'filled'}
                  color={s === 'cancelled' || s === 'rejected' ? 'red' : undefined}
                  loading={move.busy && move.pending?.status === s}
                  disabled={move.busy}
                  onClick={() => void move.run({ cartId: c.id, status: s })}
                  title={`Move to ${CART_STATUS_LABELS[s].toLowerCase()}`}
                >
                  {MOVE_LABEL[s]}
                </Button>
              ))}
            </Group>
          )}
          {c.nextStatuses.length === 0 && c.status !== 'cancelled' && (
            <Text size="sm" c="dimmed">
              {c.status === 'vouchered' || c.status === 'confirmed'
                ? 'Our team moves this cart on from here; add a remark to ask for a change.'
                : 'This cart cannot be moved from here.'}
            </Text>
          )}
          {canManage && canFindUsers && c.status !== 'cancelled' && <AssignUser cart={c} onDone={update} />}
          {canQuote &&
            (c.kartId ? (
              <Anchor component={Link} to={`/staff/kart?kart=${c.kartId}`}>
                Open the quotation made from this cart
              </Anchor>
            ) : (
              c.status === 'confirmed' && (
                <Group>
                  <Button variant="light" loading={toKart.busy} onClick={() => void toKart.run({ cartId: c.id })}>
                    Make a quotation
                  </Button>
                </Group>
              )
            ))}
        </Stack>
      )}
    </Modal>
  );
}
