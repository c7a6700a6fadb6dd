import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as MSG from '@tp/contracts/messages';
import { DMC_TEXT } from './messages.ts';
import {
  areaTransferErrors,
  normaliseAreaTransfer,
  stopSaleErrors,
  ticketRateErrors,
  transferRateErrors,
} from './rates.ts';
import { M, ticketRate, transferRate } from './test-fixtures.ts';
import type { AreaTransfer } from './types.ts';

const REQUIRED = 'This is required field.';

describe('ticket rate', () => {
  it('accepts a complete per-pax rate', () => {
    expect(ticketRateErrors(ticketRate(), M)).toEqual({});
  });

  it('refuses negative or non-numeric amounts and needs market and tour option', () => {
    expect(
      ticketRateErrors(
        { ...ticketRate(), adultAmount: -1, childAmount: Number.NaN, marketId: '', tourOptionId: '' },
        M,
      ),
    ).toEqual({
      adultAmount: MSG.tooSmall(0),
      childAmount: MSG.invalidValue,
      marketId: REQUIRED,
      tourOptionId: REQUIRED,
    });
    expect(ticketRateErrors({ ...ticketRate(), adultAmount: 0, childAmount: 0 }, M)).toEqual({});
  });

  it('needs a pax band when priced per group', () => {
    expect(ticketRateErrors(ticketRate({ isPerPax: false }), M)).toEqual({ minPax: REQUIRED, maxPax: REQUIRED });
    expect(ticketRateErrors(ticketRate({ isPerPax: false, minPax: 1, maxPax: 6 }), M)).toEqual({});
    expect(ticketRateErrors(ticketRate({ isPerPax: false, minPax: 4, maxPax: 3 }), M)).toEqual({
      maxPax: DMC_TEXT.maxPaxBelowMin,
    });
    expect(ticketRateErrors(ticketRate({ minPax: 0, maxPax: 2.5 }), M)).toEqual({
      minPax: MSG.tooSmall(1),
      maxPax: MSG.invalidValue,
    });
  });

  it('checks validity dates', () => {
    expect(ticketRateErrors({ ...ticketRate(), validFromDate: '01/10/2026', validTillDate: '' }, M)).toEqual({
      validFromDate: 'Invalid date format',
      validTillDate: REQUIRED,
    });
    expect(ticketRateErrors(ticketRate({ validFromDate: '2027-01-02', validTillDate: '2027-01-01' }), M)).toEqual({
      validTillDate: DMC_TEXT.validTillBeforeFrom,
    });
    expect(ticketRateErrors(ticketRate({ validFromDate: '2027-01-01', validTillDate: '2027-01-01' }), M)).toEqual({});
  });
});

describe('transfer rate (§5 "Tour rate")', () => {
  it('accepts a SIC per-pax rate without a band', () => {
    expect(transferRateErrors(transferRate(), M)).toEqual({});
  });

  it("requires min and max pax for PVT with the spec's two messages", () => {
    expect(transferRateErrors(transferRate({ sharingBasis: 'PVT', isPerPax: false }), M)).toEqual({
      minPax: 'minPax must be required if sharingBasis is private',
      maxPax: 'maxPax must be required if sharingBasis is private',
    });
    expect(transferRateErrors(transferRate({ sharingBasis: 'PVT', isPerPax: false, minPax: 1 }), M)).toEqual({
      maxPax: 'maxPax must be required if sharingBasis is private',
    });
    expect(transferRateErrors(transferRate({ sharingBasis: 'PVT', isPerPax: false, minPax: 1, maxPax: 3 }), M)).toEqual(
      {},
    );
  });

  it('takes only PVT or SIC, a transfer type, a description and an amount ≥ 0', () => {
    expect(
      transferRateErrors(
        {
          ...transferRate(),
          sharingBasis: 'DROP_SIC_PICKUP_PVT' as never,
          transferType: '' as never,
          description: ' ',
          amount: -5,
        },
        M,
      ),
    ).toEqual({
      sharingBasis: MSG.invalidOption,
      transferType: REQUIRED,
      description: REQUIRED,
      amount: MSG.tooSmall(0),
    });
  });

  it('reports the PVT messages whatever else is wrong (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
        fc.double({ min: -100, max: 5000, noNaN: true }),
        (minPax, maxPax, amount) => {
          const e = transferRateErrors(transferRate({ sharingBasis: 'PVT', minPax, maxPax, amount }), M);
          expect(e.minPax === MSG.minPaxPrivate).toBe(minPax === null);
          expect(e.maxPax === MSG.maxPaxPrivate).toBe(maxPax === null);
          expect(e.amount === undefined).toBe(amount >= 0);
        },
      ),
    );
  });
});

describe('area transfer (§5 "Area transfer")', () => {
  const ride: Omit<AreaTransfer, 'id'> = {
    from: 'area-dxb',
    to: 'area-deira',
    marketId: 'mkt-india',
    description: 'Airport arrival',
    transferType: 'Pickup',
    sharingBasis: 'private',
    amount: 35.4,
    isStandAlone: true,
    isPerPax: false,
    minPax: 1,
    maxPax: 3,
    validFromDate: '2026-10-01',
    validTillDate: '2027-09-30',
  };

  it('accepts a complete private ride', () => {
    expect(areaTransferErrors(ride, M)).toEqual({});
  });

  it('reports every check with its exact message', () => {
    expect(
      areaTransferErrors(
        {
          ...ride,
          from: '',
          to: null,
          marketId: ' ',
          amount: -0.01,
          validFromDate: '2026-13-01',
          validTillDate: 'soon',
          minPax: null,
          maxPax: undefined,
        },
        M,
      ),
    ).toEqual({
      from: 'From area is required',
      to: 'To area is required',
      marketId: 'Market ID is required',
      amount: 'Amount must be positive',
      validFromDate: 'Invalid date format',
      validTillDate: 'Invalid date format',
      minPax: 'Please enter min and max pax for private sharing basis',
      maxPax: 'Please enter min and max pax for private sharing basis',
    });
  });

  it('needs no band for sharing, and takes 0 as an amount', () => {
    expect(areaTransferErrors({ ...ride, sharingBasis: 'sharing', minPax: null, maxPax: null, amount: 0 }, M)).toEqual(
      {},
    );
  });

  it('forces per pax on for sharing and off for private, and keeps dollars to the cent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('sharing' as const, 'private' as const),
        fc.boolean(),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        (sharingBasis, isPerPax, amount) => {
          const t = normaliseAreaTransfer({ ...ride, sharingBasis, isPerPax, amount });
          expect(t.isPerPax).toBe(sharingBasis === 'sharing');
          expect(Math.abs(t.amount - amount)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(Math.round(t.amount * 100) / 100).toBe(t.amount);
        },
      ),
    );
    expect(normaliseAreaTransfer({ ...ride, amount: 13.615 }).amount).toBe(13.62);
  });
});

describe('stop-sale', () => {
  it('needs a tour option and a real date range', () => {
    const stop = { tourOptionId: 'to-1', marketId: null, fromDate: '2026-12-31', tillDate: '2026-12-31', reason: '' };
    expect(stopSaleErrors(stop, M)).toEqual({});
    expect(stopSaleErrors({ ...stop, tourOptionId: '', tillDate: '2026-12-30' }, M)).toEqual({
      tourOptionId: REQUIRED,
      tillDate: DMC_TEXT.tillBeforeFrom,
    });
    expect(stopSaleErrors({ ...stop, fromDate: '31-12-2026' }, M)).toEqual({ fromDate: 'Invalid date format' });
  });
});
