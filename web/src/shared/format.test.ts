import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

describe('formatDate / formatDateTime', () => {
  it('formats ISO times for people', () => {
    expect(formatDate('2025-03-05T09:00:00.000Z')).toMatch(/5 Mar 2025/);
    expect(formatDateTime('2025-03-05T09:00:00.000Z')).toMatch(/5 Mar 2025.*\d{1,2}:\d{2}/);
  });

  it('answers nothing for a missing or unreadable time', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
