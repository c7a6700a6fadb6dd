import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TCreditAlert, TWalletBalance } from '@tp/contracts/endpoints/wallet';
import { formatDate, formatMoney } from '#shared/format.ts';

/** What an open credit alert says (the server decides which are open: docs/credit-lines.md "Alerts"). */
function alertText(a: TCreditAlert, currency: string): { title: string; body: string; color: string } {
  const money = (n: number | undefined) => formatMoney(n ?? 0, currency);
  if (a.kind === 'overdue')
    return {
      title: 'Payment overdue',
      body: `${money(a.amount)} booked on credit was due on ${formatDate(a.dueDay)}. New bookings are blocked until it is paid.`,
      color: 'red',
    };
  if (a.kind === 'dueSoon')
    return {
      title: 'Credit payment due soon',
      body: `${money(a.amount)} booked on credit is due on ${formatDate(a.dueDay)}.`,
      color: 'yellow',
    };
  return {
    title: 'Credit running low',
    body: `${money(a.creditLeft)} of credit left (${a.threshold ?? ''}% of your limit or less).`,
    color: 'orange',
  };
}

/** The open credit alerts of a wallet, each with the way out (adding money pays the oldest amount first). */
export function CreditAlerts({ balance, payLink = true }: { balance: TWalletBalance | undefined; payLink?: boolean }) {
  const alerts = balance?.alerts ?? [];
  if (!balance || !alerts.length) return null;
  return (
    <Stack gap="xs" data-testid="credit-alerts">
      {alerts.map((a) => {
        const t = alertText(a, balance.currency);
        return (
          <Alert key={a.kind} color={t.color} title={t.title} role={a.kind === 'overdue' ? 'alert' : 'status'}>
            <Text size="sm">
              {t.body}{' '}
              {payLink && (
                // The alert's own text colour: a link colour on the tinted background fails contrast.
                <Anchor component={Link} to="/payments" size="sm" fw={700} c="inherit" underline="always">
                  Add money
                </Anchor>
              )}
            </Text>
          </Alert>
        );
      })}
    </Stack>
  );
}
