import { Badge } from '@mantine/core';
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
