import { describe, expect, it } from 'vitest';
import { canSend, crErrors, crLayout, crPayload, withRequestType, type CrForm } from './change-request.ts';

const REQUIRED = 'This is required field.';
const sectors = [
  { origin: 'DEL', destination: 'BOM' },
  { origin: 'BOM', destination: 'GOI' },
];
const pax = [
  { paxIndex: 0, ticketId: 'T1' },
  { paxIndex: 1, ticketId: 'T2' },
];
const empty: CrForm = {
  requestType: null,
  sectors: [],
  passengers: [],
  remarks: '',
  flightCancelled: false,
  policyAccepted: false,
};

describe('change request rules', () => {
  it('refund preselects and locks every sector and passenger', () => {
    expect(crLayout(1, sectors, pax)).toEqual({
      sectors: ['DEL-BOM', 'BOM-GOI'],
      passengers: [0, 1],
      sectorsLocked: true,
      sectorsHidden: false,
      passengersLocked: true,
    });
    expect(withRequestType(empty, 1, sectors, pax)).toMatchObject({
      sectors: ['DEL-BOM', 'BOM-GOI'],
      passengers: [0, 1],
    });
  });

  it('reissue preselects every sector and hides the selector; passengers stay free', () => {
    const form = withRequestType({ ...empty, passengers: [1] }, 3, sectors, pax);
    expect(form).toMatchObject({ sectors: ['DEL-BOM', 'BOM-GOI'], passengers: [1] });
    expect(crLayout(3, sectors, pax)).toMatchObject({ sectorsHidden: true, passengersLocked: false });
  });

  it('leaving refund clears the imposed selections', () => {
    const refund = withRequestType(empty, 1, sectors, pax);
    expect(withRequestType(refund, 2, sectors, pax)).toMatchObject({ sectors: [], passengers: [] });
  });

  it('requires type, passengers, sectors and remarks, and the policy box before Send', () => {
    expect(crErrors(empty, REQUIRED)).toEqual({
      requestType: REQUIRED,
      passengers: REQUIRED,
      sectors: REQUIRED,
      remarks: REQUIRED,
    });
    const filled = { ...withRequestType(empty, 1, sectors, pax), remarks: 'Plans changed' };
    expect(canSend(filled, REQUIRED)).toBe(false);
    expect(canSend({ ...filled, policyAccepted: true }, REQUIRED)).toBe(true);
    expect(canSend({ ...filled, remarks: '  ', policyAccepted: true }, REQUIRED)).toBe(false);
  });

  it('builds the spec payload per type', () => {
    const base = { ...empty, remarks: ' late ', policyAccepted: true };
    expect(
      crPayload('B1', { ...base, requestType: 1, sectors: ['DEL-BOM', 'BOM-GOI'], passengers: [0, 1] }, sectors, pax),
    ).toEqual({
      BookingId: 'B1',
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'late',
    });
    expect(
      crPayload(
        'B1',
        { ...base, requestType: 2, flightCancelled: true, sectors: ['BOM-GOI'], passengers: [1] },
        sectors,
        pax,
      ),
    ).toEqual({
      BookingId: 'B1',
      RequestType: 2,
      CancellationType: 2,
      Sectors: [{ Origin: 'BOM', Destination: 'GOI' }],
      TicketId: ['T2'],
      Remarks: 'late',
    });
    const reissue = crPayload('B1', { ...base, requestType: 3, sectors: ['DEL-BOM'], passengers: [0] }, sectors, pax);
    expect(reissue.Sectors).toBeUndefined();
    expect(reissue.TicketId).toEqual(['T1']);
  });
});
