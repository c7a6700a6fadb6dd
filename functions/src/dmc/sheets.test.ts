import { describe, expect, it } from 'vitest';
import { DMC_SHEETS } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { SHEET_DEFS, readRow, rowId } from './sheets.ts';

const def = (sheet: string) => SHEET_DEFS.find((d) => d.sheet === sheet)!;

describe('the import workbook', () => {
  it('has one sheet per master, in the contract’s order', () => {
    expect(SHEET_DEFS.map((d) => d.sheet)).toEqual([...DMC_SHEETS]);
  });

  it('reads a rate row as the save call would: text numbers, yes/no, Excel dates, priority', () => {
    const headers = [
      'id',
      'tourOptionId',
      'marketId',
      'adultAmount',
      'childAmount',
      'isPerPax',
      'validFromDate',
      'validTillDate',
      'priority',
    ];
    const row = readRow(
      def('Ticket rates'),
      headers,
      ['', 'dmc-to-a', 'dmc-mkt-b', '100.5', 50, 'yes', 46296, '2027-09-30', 3],
      's1',
    );
    expect(row).toMatchObject({
      ok: true,
      priority: 3,
      record: {
        tourOptionId: 'dmc-to-a',
        adultAmount: 100.5,
        childAmount: 50,
        isPerPax: true,
        validFromDate: '2026-10-01',
      },
    });
  });

  it('gives a row without an id one derived from its content, the same on every import', () => {
    const headers = ['name', 'cityId'];
    const a = readRow(def('Areas'), headers, ['Deira', 26], 's1');
    const b = readRow(def('Areas'), headers, ['Deira', 26], 's1');
    expect(a.ok && b.ok && a.id).toBe(b.ok && b.id);
    expect(a.ok && a.id).toMatch(/^[0-9a-f]{24}$/);
    expect(rowId('s1', 'Areas', { name: 'Deira' })).not.toBe(rowId('s2', 'Areas', { name: 'Deira' }));
  });

  it('reports the schema’s and the rule’s messages by column', () => {
    expect(readRow(def('Areas'), ['id', 'name', 'cityId'], ['dmc-area-x', '', 26], 's1')).toEqual({
      ok: false,
      issues: [{ column: 'name', message: MSG.fillName }],
    });
    expect(readRow(def('Areas'), ['id', 'name', 'cityId'], ['Not An Id', 'Deira', 26], 's1')).toEqual({
      ok: false,
      issues: [{ column: 'id', message: MSG.invalidReference }],
    });
    expect(readRow(def('Markets'), ['name', 'shade'], ['India', 'blue'], 's1')).toEqual({
      ok: false,
      issues: [{ column: 'shade', message: 'Unknown column' }],
    });
  });

  it('forces per pax by sharing basis and rounds dollars on area transfers', () => {
    // No isPerPax column: the sharing basis decides it (§4).
    const headers = [
      'from',
      'to',
      'marketId',
      'transferType',
      'sharingBasis',
      'amount',
      'validFromDate',
      'validTillDate',
    ];
    const row = readRow(
      def('Area transfers'),
      headers,
      ['dmc-area-a', 'dmc-area-b', 'dmc-mkt-c', 'Drop', 'sharing', 13.617, '2026-10-01', '2027-09-30'],
      's1',
    );
    expect(row).toMatchObject({ ok: true, record: { isPerPax: true, amount: 13.62 } });
  });
});
