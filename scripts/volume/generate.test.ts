import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZBooking } from '@tp/contracts/endpoints/flights';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { toBooking } from '../../functions/src/bookings/record.ts';
import { toRow } from '../../functions/src/bookings/indexes.ts';
import { toUserRecord } from '../../functions/src/users/items-repo.ts';
import { toUser } from '../../functions/src/users/accounts/accounts.ts';
import { ZInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import { DEMO_INVOICE_SETTINGS } from '../seed/invoices.ts';
import { volumeWrites, type VolumeOptions, type VolumeWrite } from './generate.ts';

const options = (seed: number): VolumeOptions => ({
  seed,
  factor: 0.002,
  siteId: asSiteId('site-flightdeals'),
  ownerLegalEntityId: 'le-flightdeals',
  customerNoAfter: 40,
  invoiceSettings: DEMO_INVOICE_SETTINGS['site-flightdeals']!,
  documentNoAfter: { 'invoice#2026-27': 7 },
});

/** The whole stream as one digest and the writes themselves. */
function run(seed: number): { digest: string; writes: VolumeWrite[] } {
  const writes = [...volumeWrites(options(seed))];
  const hash = createHash('sha256');
  for (const w of writes) hash.update(JSON.stringify(w)).update('\n');
  return { digest: hash.digest('hex'), writes };
}

const puts = (writes: VolumeWrite[]) => writes.flatMap((w) => ('put' in w ? [w.put] : []));

describe('data-volume generator', () => {
  const first = run(11);
  const again = run(11);

  it('writes the same items, byte for byte, from one seed; another seed writes others', () => {
    expect(first.writes.length).toBeGreaterThan(1000);
    expect(again.digest).toBe(first.digest);
    const other = run(12);
    expect(other.digest).not.toBe(first.digest);
    // Different ids, so two seeds' data can share a table.
    const keysOf = (ws: VolumeWrite[]) => new Set(puts(ws).map((i) => `${String(i.pk)}|${String(i.sk)}`));
    const mine = keysOf(first.writes);
    const overlap = [...keysOf(other.writes)].filter((k) => mine.has(k));
    // Only the site-wide singletons (the hold and ticket site entries) and the customer numbers, which follow the
    // site's counter (`customerNoAfter`) rather than the seed, are shared.
    const shared = /^(HOLD_SITES\||TICKET_SITES\||SITE#site-flightdeals#CUSTOMERNO#)/;
    expect(overlap.filter((k) => !shared.test(k))).toEqual([]);
  });

  it('writes items every key of which is a tenant key of the site (or a deliberately global index)', () => {
    for (const item of puts(first.writes)) {
      const pk = String(item.pk);
      expect(
        pk.startsWith('SITE#site-flightdeals#') || /^(HOLD_SITES|TICKET_SITES|DEADLINES#|KARTDEADLINE#)/.test(pk),
        pk,
      ).toBe(true);
      for (const attr of ['gsi1pk', 'gsi2pk'])
        if (item[attr] !== undefined) expect(String(item[attr]).startsWith('SITE#site-flightdeals#')).toBe(true);
    }
  });

  it('writes records the repositories read back: bookings, their queue rows and users parse as the API parses them', () => {
    const items = puts(first.writes);
    const bookings = items.filter((i) => i.type === 'Booking');
    expect(bookings.length).toBe(200);
    for (const item of bookings.slice(0, 20)) {
      const b = toBooking(item);
      expect(() => ZBooking.parse(b)).not.toThrow();
      // The travel-date row the queues read is the booking's own projection.
      const row = items.find((i) => i.type === 'BookingRow' && i.bookingId === b.bookingId);
      expect(row).toMatchObject(toRow(b));
    }
    expect(bookings.some((i) => (i.ticketCRInfo as unknown[]).length > 0)).toBe(true);
    const users = items.filter((i) => i.type === 'User');
    expect(users.length).toBe(100);
    for (const item of users.slice(0, 20)) expect(() => toUser(toUserRecord(item))).not.toThrow();
    // Customer numbers follow the ones handed out before, without gaps.
    expect(users.map((u) => u.customerNo)).toEqual(users.map((_, i) => 41 + i));
  });

  it('adds to the counters the lists read instead of replacing them', () => {
    const counters = first.writes.flatMap((w) => ('counter' in w ? [w.counter] : []));
    const users = counters.filter((c) => c.key.sk === 'USERS');
    expect(users.reduce((n, c) => n + (c.add.userCount ?? 0), 0)).toBe(100);
    expect(users.reduce((n, c) => n + (c.add.lastCustomerNo ?? 0), 0)).toBe(100);
    // Activity carts: each cart once in the site's counts and once in its owner's.
    const site = counters.find((c) => c.key.pk.endsWith('#ACTCART#COUNTS') && c.key.sk === 'SITE')!;
    expect(Object.values(site.add).reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('numbers invoices and credit notes in sequence per series and year, after the site’s last number', () => {
    const items = puts(first.writes);
    const docs = items.filter((i) => i.type === 'InvoiceDocument').map((i) => i.rec as Record<string, unknown>);
    const invoices = docs.filter((d) => d.docType === 'invoice');
    const notes = docs.filter((d) => d.docType === 'creditNote');
    // Three in ten of the 200 bookings, less the released ones; a credit note for each cancelled one.
    expect(invoices.length).toBeGreaterThan(40);
    expect(invoices.length).toBeLessThanOrEqual(60);
    expect(notes.length).toBeGreaterThan(0);
    for (const d of docs.slice(0, 10)) expect(() => ZInvoiceDocument.parse(d)).not.toThrow();
    const counters = first.writes.flatMap((w) => ('counter' in w ? [w.counter] : []));
    for (const series of ['invoice', 'creditNote'])
      for (const fy of new Set(docs.filter((d) => d.docType === series).map((d) => String(d.financialYear)))) {
        const ofYear = docs.filter((d) => d.docType === series && d.financialYear === fy);
        const after = series === 'invoice' && fy === '2026-27' ? 7 : 0;
        // Issued in date order, numbered without a gap from the number after the site's last.
        const byDate = [...ofYear].sort((a, b) => String(a.issuedAt).localeCompare(String(b.issuedAt)));
        expect(byDate.map((d) => d.sequence)).toEqual(byDate.map((_, k) => after + k + 1));
        // The counter moves by the count, to the last number.
        const counter = counters.find((c) => c.key.sk === `${series}#${fy}`)!;
        expect(counter.add.value).toBe(ofYear.length);
        // Each document is guarded by its source, once.
        for (const d of ofYear)
          expect(items.filter((i) => i.type === 'InvoiceSource' && i.documentId === d.id)).toHaveLength(1);
      }
    // A credit note names its invoice, and the invoice records it with its credited totals.
    const note = notes[0]!;
    const against = note.against as { id: string };
    const invoice = invoices.find((d) => d.id === against.id)!;
    expect(invoice.creditNotes).toEqual([
      { id: note.id, number: note.number, issueDate: note.issueDate, total: note.total },
    ]);
    expect((invoice.credited as { total: number }).total).toBe(note.total);
  });

  it('pays agents’ bookings from their wallets: entries add up to each balance, which never goes below zero', () => {
    const items = puts(first.writes);
    const entries = items.filter((i) => i.type === 'walletEntry');
    const balances = items.filter((i) => String(i.sk) === 'WALLET');
    expect(entries.some((e) => e.kind === 'booking')).toBe(true);
    expect(entries.some((e) => e.kind === 'topUp')).toBe(true);
    expect(entries.some((e) => e.kind === 'refund')).toBe(true);
    expect(new Set(entries.map((e) => `${String(e.pk)}|${String(e.sk)}`)).size).toBe(entries.length);
    expect(balances.length).toBeGreaterThan(0);
    for (const b of balances) {
      const mine = entries
        .filter((e) => e.legalEntityId === b.legalEntityId)
        .sort((x, y) => String(x.createdAt).localeCompare(String(y.createdAt)));
      let paise = 0;
      for (const e of mine) {
        paise += Math.round(Number(e.amount) * 100);
        expect(paise).toBeGreaterThanOrEqual(0);
      }
      expect(Math.round(Number(b.balance) * 100)).toBe(paise);
      expect(b.available).toBe(b.balance);
      expect(b.version).toBe(mine.length);
      // Listed in the site's balances report.
      expect(String(b.gsi1pk)).toBe('SITE#site-flightdeals#WALLETS');
    }
    // Every booking entry is an agent's debit of what its booking charged.
    const bookings = new Map(items.filter((i) => i.type === 'Booking').map((b) => [b.bookingId, b]));
    for (const e of entries.filter((x) => x.kind === 'booking')) {
      const b = bookings.get(e.bookingId)!;
      expect(Number(e.amount)).toBe(-(b.accounting as { amountCharged: number }).amountCharged);
    }
  });
});
