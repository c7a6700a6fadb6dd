import { describe, expect, it } from 'vitest';
import { remindDue } from '@tp/domain/credit';
import { localDay } from '#lib/time';
import { dueReminderKey } from './credit-reminders.ts';
import { dueReminderAt } from './ledger-repo.ts';

describe('credit due reminders', () => {
  it('fall due when the site starts reminding: its own day, 3 days before the due day', () => {
    const drawnAt = new Date('2026-11-01T12:00:00.000Z');
    for (const zone of ['Pacific/Kiritimati', 'Asia/Kolkata', 'UTC', 'Pacific/Pago_Pago']) {
      const at = dueReminderAt('2026-11-26', zone, drawnAt);
      expect(localDay(at, zone), zone).toBe('2026-11-23');
      expect(remindDue('2026-11-26', localDay(at, zone))).toBe(true);
      // A minute earlier the site's day is the one before: not yet.
      expect(remindDue('2026-11-26', localDay(new Date(Date.parse(at) - 60_000), zone))).toBe(false);
    }
  });

  it('fall due at once when the draw is already within 3 days of its due day', () => {
    const now = new Date('2026-11-25T08:00:00.000Z');
    expect(dueReminderAt('2026-11-26', 'Asia/Kolkata', now)).toBe(now.toISOString());
  });

  it('are keyed by their draw, so a repeated run sends one', () => {
    expect(dueReminderKey('s1', 'le1', 12345)).toBe('credit-due#s1#le1#12345');
  });
});
