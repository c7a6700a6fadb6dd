import { describe, expect, it } from 'vitest';
import { hotelLine, kart } from './fixtures.ts';
import { quotationView } from './quotation.ts';
import { kartTotals } from './totals.ts';

const k = kart();
const view = (mode: Parameters<typeof quotationView>[2]) => quotationView(k, kartTotals(k), mode);

describe('quotationView', () => {
  it('names the combo an activity is sold in, with its options and no amount', () => {
    const combo = { comboId: 'c1', name: 'Dubai Duo', price: 240, replaces: 320, options: ['Burj', 'Aquarium'] };
    const withCombo = kart({ activities: [{ ...k.activities[0]!, combo }] });
    const v = quotationView(withCombo, kartTotals(withCombo), 'noprice');
    const details = v.sections.find((s) => s.section === 'activities')!.lines[0]!.details;
    expect(details).toContain('Combo Dubai Duo (Burj + Aquarium)');
    expect(details.join(' ')).not.toMatch(/240|320/);
  });

  it('full: every line price, section totals, charges and the grand total', () => {
    const v = view('full');
    expect(v.sections.map((s) => [s.title, s.total, s.lines.map((l) => l.price)])).toEqual([
      ['Hotels', 1861.5, [1861.5]],
      ['Activities', 540, [540]],
      ['Other services', 25.1, [25.1]],
      ['Flights', 1200.2, [1200.2]],
    ]);
    expect(v.charges).toEqual([
      { key: 'serviceCharge', label: 'Service charge', amount: 100 },
      { key: 'remittanceCharge', label: 'Remittance charge', amount: 30.3 },
      { key: 'discount', label: 'Discount', amount: 50 },
    ]);
    expect(v.grandTotal).toBe(3707.1);
    expect(v.payment).toEqual({ collectedPayment: 1000, balanceDue: 2707.1 });
  });

  it('partial: section totals without line prices', () => {
    const v = view('partial');
    expect(v.sections.map((s) => s.total)).toEqual([1861.5, 540, 25.1, 1200.2]);
    expect(v.sections.flatMap((s) => s.lines.map((l) => l.price))).toEqual([null, null, null, null]);
    expect(v.charges).toHaveLength(3);
    expect(v.grandTotal).toBe(3707.1);
  });

  it('none: only the grand total', () => {
    const v = view('none');
    expect(v.sections.map((s) => s.total)).toEqual([null, null, null, null]);
    expect(v.sections.flatMap((s) => s.lines.map((l) => l.price))).toEqual([null, null, null, null]);
    expect(v.charges).toEqual([]);
    expect(v.grandTotal).toBe(3707.1);
  });

  it('noprice: no amount anywhere', () => {
    const v = view('noprice');
    expect(v.grandTotal).toBeNull();
    expect(v.payment).toBeNull();
    expect(v.charges).toEqual([]);
    expect(v.sections.every((s) => s.total === null && s.lines.every((l) => l.price === null))).toBe(true);
    // No price of the kart appears in the document, even as text.
    const text = JSON.stringify(v);
    for (const amount of ['1861.5', '540', '25.1', '1200.2', '3707.1', '1711.5', '450'])
      expect(text).not.toContain(amount);
  });

  it("names a contract-priced stay's room type, meal plan and guests", () => {
    const stayed = kart({
      accomodations: [
        hotelLine({
          numberOfRooms: 2,
          rooms: {},
          contractStay: {
            roomTypeId: 'FAM',
            roomTypeName: 'Family room',
            mealPlan: 'HB',
            occupancy: [
              { adults: 2, childAges: [4, 9] },
              { adults: 1, childAges: [] },
            ],
            roomsPrice: 1200,
          },
        }),
      ],
    });
    const v = quotationView(stayed, kartTotals(stayed), 'noprice');
    expect(v.sections[0]!.lines[0]!.details[1]).toBe('2 rooms: Family room, Half board (3 adults, 2 children)');
  });

  it('describes each line for the itinerary and never shows the internal remark', () => {
    const v = view('noprice');
    expect(v.sections.map((s) => s.lines[0])).toEqual([
      {
        id: 'acc-1',
        title: 'Rove Downtown',
        details: ['3 nights from 2026-12-10', '1 room: 1 × Double, 1 × Child with bed', 'Return transfer (SIC)'],
        price: null,
      },
      {
        id: 'act-1',
        title: 'Desert safari: SIC',
        details: ['2026-12-11 15:00', 'Return transfer (DROP_PVT_PICKUP_SIC)'],
        price: null,
      },
      { id: 'misc-1', title: 'SIM card', details: ['Tourist SIM, 10 GB', '2026-12-10'], price: null },
      {
        id: 'fl-1',
        title: 'EK 501 BOM → DXB',
        details: ['Departs 2026-12-10 04:35', 'Arrives 2026-12-10 06:20', 'PNR X7K2LM'],
        price: null,
      },
    ]);
    expect(v).toMatchObject({
      kartName: 'Sharma family, Dubai December',
      quotationId: 'Q-2026-0042',
      validTill: '2026-11-27',
      paymentDeadline: '2026-11-26',
      remarkForCustomer: 'Subject to availability',
      isAgentBranding: false,
      pax: { adults: 2, child: 1, infant: 0 },
    });
    expect(JSON.stringify(v)).not.toContain(k.internalRemark);
  });

  it('leaves out empty sections and zero charges', () => {
    const small = kart({ accomodations: [], flightDetails: [], serviceCharge: 0, remittanceCharge: null, discount: 0 });
    const v = quotationView(small, kartTotals(small), 'full');
    expect(v.sections.map((s) => s.section)).toEqual(['activities', 'miscellaneous']);
    expect(v.charges).toEqual([]);
    expect(v.grandTotal).toBe(565.1);
  });
});
