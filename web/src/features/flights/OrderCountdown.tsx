import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';

const left = (expiresAt: string) => Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));

/** The payment order's remaining time (orders lapse 15 minutes after they are set, spec 000 §4). */
export function OrderCountdown({ expiresAt, onExpire }: { expiresAt: string; onExpire?: () => void }) {
  const [seconds, setSeconds] = useState(() => left(expiresAt));
  useEffect(() => {
    const id = window.setInterval(() => {
      const s = left(expiresAt);
      setSeconds(s);
      if (s === 0) {
        window.clearInterval(id);
        onExpire?.();
      }
    }, 1000);
    return () => window.clearInterval(id);
  }, [expiresAt, onExpire]);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <Text size="sm" c={seconds < 120 ? 'red' : undefined} role="timer" aria-live="off">
      {seconds > 0 ? `Complete the payment within ${mm}:${ss}` : 'This payment order has expired. Please book again.'}
    </Text>
  );
}
