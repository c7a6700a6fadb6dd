import { Badge, Text } from '@mantine/core';
import type { TCart, TLocalPrice } from '@tp/contracts/endpoints/activities';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { CART_STATUS_LABELS, type CartStatus } from '@tp/domain/activities';
import { PermissionPage, type PermissionPageProps } from '#shared/PermissionPage.tsx';

/** The screen's own region (the e2e accessibility check looks there, not at the shell around it). */
export const ACTIVITIES_SCREEN_ID = 'activities-screen';

/**
 * An activities screen: its content for whoever may use its calls (customers always; staff only with the
 * permission), so nobody is offered a screen that answers 403.
 */
export function ActivitiesPage(props: Omit<PermissionPageProps, 'id' | 'staffOnly'>) {
  return <PermissionPage id={ACTIVITIES_SCREEN_ID} {...props} />;
}

/** Colour by meaning: with the customer, waiting on staff, done, stopped. */
const TONE: Record<CartStatus, string> = {
  draft: 'gray',
  submitted: 'yellow',
  confirmed: 'green',
  rejected: 'red',
  vouchered: 'teal',
  cancelled: 'red',
};

export function CartStatusBadge({ status }: { status: CartStatus }) {
  return (
    <Badge variant="light" color={TONE[status]}>
      {CART_STATUS_LABELS[status]}
    </Badge>
  );
}

/** `?a=b` of a search, as the search page reads it. */
export const searchHref = (params: Record<string, string | number>) =>
  `/activities/search?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

type ComboOfLine = NonNullable<TCart['items'][number]['combo']>;

/** A line sold in a combo: the combo named with its options, its price for the party and what it saves. */
export function ComboNote({ combo, currency }: { combo: ComboOfLine; currency: string }) {
  return (
    <Text size="xs" c="teal.9">
      Combo {combo.name} ({combo.options.join(' + ')}): {formatMoney(combo.price, currency)} instead of{' '}
      {formatMoney(combo.replaces, currency)}
    </Text>
  );
}

/** The cart's total in the owner's currency beside the DMC's, with the rate it was converted at. */
export function LocalTotal({ local }: { local: TLocalPrice }) {
  return (
    <Text size="xs" c="dimmed">
      ≈ {formatMoney(local.amount, local.currency)} at {local.rateText}
    </Text>
  );
}

/** What the cart took from the owner (their wallet, or online through the gateway), and when it was given back. */
export function CartPaymentNote({ payment }: { payment: NonNullable<TCart['payment']> }) {
  return (
    <Text size="sm">
      Paid {formatMoney(payment.amount, payment.currency)} {payment.method === 'gateway' ? 'online' : 'from the wallet'}{' '}
      on {formatDateTime(payment.paidAt)}
      {payment.rateText ? ` (${payment.rateText})` : ''}
      {payment.refundedAt ? `; refunded on ${formatDateTime(payment.refundedAt)}` : ''}
    </Text>
  );
}
