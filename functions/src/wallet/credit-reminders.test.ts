import { describe, expect, it } from 'vitest';
import { remindDue } from '@tp/domain/credit';
import { localDay } from '#lib/time';
import { dueDaysToCheck, dueReminderKey } from './credit-reminders.ts';

describe('credit due reminders', () => {
  it('reads every due day any time zone may be reminding today', () => {
    for (const iso of ['2026-11-23T00:10:00.000Z', '2026-11-23T12:00:00.000Z', '2026-11-23T23:50:00.000Z']) {
      const now = new Date(iso);
      const days = dueDaysToCheck(now);
      for (const zone of ['Pacific/Kiritimati', 'Asia/Kolkata', 'UTC', 'Pacific/Pago_Pago']) {
        const today = localDay(now, zone);
        // Every due day the site would remind today is among the partitions read.
        for (let ahead = 0; ahead <= 3; ahead++) {
          const due = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * 86_400_000).toISOString().slice(0, 10);
          expect(remindDue(due, today)).toBe(true);
          expect(days, `${iso} ${zone} +${ahead}`).toContain(due);
        }
      }
    }
  });

  it('keys a reminder by its draw, so a repeated run sends it once', () => {
    expect(dueReminderKey('s1', 'le1', 12345)).toBe('credit-due#s1#le1#12345');
  });
});
