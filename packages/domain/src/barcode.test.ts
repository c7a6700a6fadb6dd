import { describe, expect, it } from 'vitest';
import { barcodeFlightNumber, barcodeName, barcodeText, julianDay } from './barcode.ts';

describe('boarding-pass barcode text', () => {
  it('matches a hand-worked single-leg example', () => {
    // M1 | DESMARAIS/LUC (padded to 20) | E | ABC123 (7) | YUL FRA AC | 0834_ | 326 (22 Nov) | J | 001A | 0025_ | 0 | 00
    const text = barcodeText({ firstName: 'Luc', lastName: 'Desmarais' }, [
      {
        pnr: 'ABC123',
        from: 'YUL',
        to: 'FRA',
        carrier: 'AC',
        flightNumber: '834',
        departureTime: '2026-11-22T18:05:00',
        compartment: 'J',
        seat: '1A',
        sequence: 25,
      },
    ]);
    expect(text).toBe('M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 000');
    expect(text).toHaveLength(60);
  });

  it('appends 37 characters per further leg and stops at four legs', () => {
    const leg = {
      pnr: 'PNR1',
      from: 'DEL',
      to: 'BOM',
      carrier: '6E',
      flightNumber: '6E-2134',
      departureTime: '2026-01-01T06:00',
      compartment: 'Y',
      sequence: 1,
    };
    const two = barcodeText({ firstName: 'A', lastName: 'B' }, [leg, { ...leg, from: 'BOM', to: 'GOI' }]);
    expect(two).toHaveLength(97);
    expect(two.slice(0, 2)).toBe('M2');
    expect(two.slice(60)).toBe('PNR1   BOMGOI6E 2134 001Y    0001 000');
    expect(barcodeText({ firstName: 'A', lastName: 'B' }, Array(6).fill(leg))).toHaveLength(60 + 3 * 37);
  });

  it('truncates names to 20 and pads flight numbers to 4 digits', () => {
    expect(barcodeName({ firstName: 'Maximilian Alexander', lastName: 'Vandenberghe-Smith' })).toBe(
      'VANDENBERGHESMITH/MA',
    );
    expect(barcodeName({ firstName: 'José', lastName: "O'Neil" })).toBe('ONEIL/JOSE          ');
    expect(barcodeFlightNumber('5')).toBe('0005 ');
    expect(barcodeFlightNumber('AI 101B')).toBe('0101B');
    expect(julianDay('2024-12-31')).toBe('366');
    expect(julianDay('2025-02-01')).toBe('032');
  });
});
