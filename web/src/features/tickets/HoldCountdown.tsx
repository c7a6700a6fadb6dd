import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { formatDateTime } from '#shared/format.ts';

/** "2 d 4 h", "3 h 12 m", "8 m": time left, coarse enough for a queue read at a glance. Pure. */
export function timeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} m`;
  return `${Math.max(m, 1)} m`;
}

/** A held fare's last ticketing time, counting down (minute steps: the text never shows seconds). */
export function HoldCountdown({ lastTicketDate }: { lastTicketDate: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  const left = Date.parse(lastTicketDate) - now;
  // Orange for the last 6 hours, as a cue to ticket now; dark shades keep AA contrast on white.
  const urgent = left < 6 * 3_600_000;
  return (
    <Text size="sm" c={left <= 0 ? 'red.9' : urgent ? 'orange.9' : 'dark.6'} role="timer" aria-live="off">
      {left > 0
        ? `Ticket within ${timeLeft(left)} (by ${formatDateTime(lastTicketDate)})`
        : `Ticketing time passed (${formatDateTime(lastTicketDate)})`}
    </Text>
  );
}
