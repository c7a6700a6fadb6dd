import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { orderSuccessCallback } from '@tp/contracts/endpoints/flights';
import { ticketHeldBooking } from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import type { TTicketView } from '@tp/contracts/endpoints/tickets';
import { useAction } from '#api/action.ts';
import { ApiError, call } from '#api/client.ts';
import { FareSummary } from '#features/flights/index.ts';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';
import { useUser } from '#lib/state.ts';

/**
 * "Ticket now" on a held booking (spec 000 §2 hold queue): confirms the held fare, then pays it as the
 * booking screens do: the booking's payment order (api/ticketHeldBooking) is paid from the wallet with
 * orderSuccessCallback, or on the site's gateway, which returns to the verify screen and the ticket queue.
 */
export function TicketHoldDialog({
  ticket: t,
  onClose,
  onTicketed,
}: {
  ticket: TTicketView;
  onClose: () => void;
  onTicketed: () => void;
}) {
  const user = useUser();
  const amount = t.fare.totalPayableAmt;
  // The booking's owner pays: retail customers on the gateway, everyone else from their wallet.
  const byGateway = t.user.userType === 'retail';

  // The booking's order, then its payment, as one step.
  const paying = useAction(async () => {
    // A refusal (lapsed hold, changed fare…) is toasted by the API client.
    const order = await call(ticketHeldBooking, { BookingId: t.bookingId, expectedTotal: amount }).catch(() => null);
    if (!order) return;
    if (order.paymentMode === 'gateway' && order.status === 'created') {
      if (order.redirectTo) window.location.assign(order.redirectTo);
      else toastError(MSG.paymentUnsuccessful);
      return;
    }
    // Not the booking flow: a 402 here (wallet short) is said on this screen, not sent to booking review.
    const outcome = await call(orderSuccessCallback, { orderId: order.orderId }, { handling: 'none' }).catch(
      (err: unknown) => {
        toastError(err instanceof ApiError && err.envelope ? err.message : MSG.paymentFailed);
        return null;
      },
    );
    if (!outcome) return;
    toastSuccess(MSG.paymentSuccessful);
    onTicketed();
  });
  const busy = paying.busy;
  const pay = () => paying.run(undefined);

  return (
    <Modal opened onClose={onClose} title={`Ticket PNR ${t.pnr}`} centered size="md">
      <Stack gap="sm">
        {t.lastTicketDate && <Text size="sm">Last ticketing date: {formatDateTime(t.lastTicketDate)}</Text>}
        <FareSummary fare={t.fare} breakdown={[]} showFullBreakdown={false} userType={user?.userType} />
        <Text fw={700}>Amount to pay: {formatMoney(amount, t.fare.currency)}</Text>
        <Text size="sm" c="dimmed">
          {byGateway
            ? 'You will be taken to the payment gateway; the booking is ticketed once the payment is confirmed.'
            : `The amount is debited from ${t.user.email === user?.email ? 'your' : "the booker's"} wallet and the booking is ticketed at once.`}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={busy}>
            {byGateway ? 'Pay and ticket' : 'Confirm and ticket'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
