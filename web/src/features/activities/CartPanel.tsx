import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  clearAllCart,
  deleteCartItem,
  getQueue,
  updateCartStatus,
  updateRemarks,
  type TCart,
} from '@tp/contracts/endpoints/activities';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { CartStatusBadge, ComboNote, LocalTotal } from './shared.tsx';
import { toastError } from '#lib/notify.ts';

/** Status moves toast the spec's own text on failure ('Error updating cart status'); the screen keeps the cart it gets back. */
export function useStatusAction(onDone?: (cart: TCart) => void) {
  return useAction(updateCartStatus, {
    success: 'Cart status updated',
    call: { handling: 'navigation' },
    onError: () => toastError(MSG.cartStatusFailed),
    ...(onDone ? { onSuccess: onDone } : {}),
    revalidate: [getQueue],
  });
}

/** Remarks for the DMC (pickup hotel, dietary needs), saved on their own. Key it by the saved remarks. */
export function RemarksEditor({ cart, onSaved }: { cart: TCart; onSaved: (c: TCart) => void }) {
  const [text, setText] = useState(cart.remarks);
  const save = useAction(updateRemarks, { success: 'Remarks saved', onSuccess: onSaved });
  return (
    <Stack gap={4}>
      <Textarea
        label="Remarks"
        description="Hotel for pickup, dietary needs, anything the DMC should know"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        // Two rows, resizable, not autosize: autosize measures its text when it mounts, a forced layout of the
        // page in the search's first render.
        rows={2}
        resize="vertical"
        maxLength={1000}
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="light"
          loading={save.busy}
          disabled={text === cart.remarks}
          onClick={() => void save.run({ cartId: cart.id, remarks: text })}
        >
          Save remarks
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The caller's cart beside the search: its lines with their prices, remove one or all, remarks, and Submit (the
 * DMC then confirms it). Only a draft changes; the cart says where it stands otherwise.
 */
export function CartPanel({ cart, onChange }: { cart: TCart | null; onChange: (c: TCart) => void }) {
  const remove = useAction(deleteCartItem, { success: 'Removed from cart', onSuccess: onChange });
  const clear = useAction(clearAllCart, { success: 'Cart cleared', onSuccess: onChange });
  const submit = useStatusAction(onChange);
  return (
    <Card withBorder padding="md" component="aside" aria-labelledby="cart-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="cart-title">
            Your cart
          </Title>
          {cart && <CartStatusBadge status={cart.status} />}
        </Group>
        {!cart || cart.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your cart is empty. Add activities from the results.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {cart.reference} · {formatDate(cart.startDate)} – {formatDate(cart.endDate)} · {cart.adults} adult
              {cart.adults === 1 ? '' : 's'}
              {cart.children ? `, ${cart.children} child${cart.children === 1 ? '' : 'ren'}` : ''}
            </Text>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {cart.items.map((l) => (
                <Group component="li" key={l.itemId} justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text size="sm" fw={600}>
                      {l.activityName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.tourOptionName} · {formatDate(l.date)}
                    </Text>
                    {l.combo && <ComboNote combo={l.combo} currency={l.currency} />}
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{formatMoney(l.price, l.currency)}</Text>
                    {cart.editable && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${l.activityName} (${l.tourOptionName}) on ${formatDate(l.date)}`}
                        loading={remove.busy && remove.pending?.itemId === l.itemId}
                        onClick={() => void remove.run({ cartId: cart.id, itemId: l.itemId })}
                      >
                        ✕
                      </ActionIcon>
                    )}
                  </Group>
                </Group>
              ))}
            </Stack>
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={700}>{formatMoney(cart.totalPrice, cart.currency)}</Text>
            </Group>
            {cart.localTotal && <LocalTotal local={cart.localTotal} />}
          </>
        )}
        {cart && !cart.editable && (
          <Text size="sm">
            {cart.status === 'submitted'
              ? 'Submitted: the DMC will confirm it. Adding another activity starts a new cart. '
              : ''}
            <Anchor component={Link} to={`/activities/queue?status=${cart.status}`}>
              Follow it in My carts
            </Anchor>
          </Text>
        )}
        {cart && <RemarksEditor key={`${cart.id}:${cart.remarks}`} cart={cart} onSaved={onChange} />}
        {cart?.editable && cart.items.length > 0 && (
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              loading={clear.busy}
              onClick={() => void clear.run({ cartId: cart.id })}
            >
              Clear cart
            </Button>
            <Button loading={submit.busy} onClick={() => void submit.run({ cartId: cart.id, status: 'submitted' })}>
              Submit cart
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
