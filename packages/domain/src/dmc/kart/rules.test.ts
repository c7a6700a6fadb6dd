import { describe, expect, it } from 'vitest';
import { DMC_TEXT } from '../messages.ts';
import { M } from '../test-fixtures.ts';
import { activityLine, hotelLine, kart, miscLine } from './fixtures.ts';
import { kartChangeProblem, kartErrors, timeSlotProblem, type KartDraft } from './rules.ts';

const REQUIRED = 'This is required field.';
const errors = (over: Partial<KartDraft>) => kartErrors({ ...kart(), ...over } as KartDraft, M);

describe('kartErrors: the kart as a whole (§5)', () => {
  it('accepts the sample kart', () => {
    expect(kartErrors(kart(), M)).toEqual({});
    expect(kartErrors(kart({ isVouchered: true }), M)).toEqual({});
  });

  it("needs an activity, accommodation or miscellaneous item: 'Please select atleast one itinerary'", () => {
    expect(errors({ accomodations: [], activities: [], miscellaneous: [] })).toEqual({
      itinerary: 'Please select atleast one itinerary',
    });
    // A flight alone is no itinerary.
    expect(errors({ accomodations: null, activities: undefined, miscellaneous: [] })).toHaveProperty(
      'itinerary',
      'Please select atleast one itinerary',
    );
    expect(errors({ accomodations: [], activities: [] })).toEqual({});
  });

  it('requires customerId, kartName, adults, child, infant and arrivalDate', () => {
    expect(
      errors({ customerId: '', kartName: '  ', adults: null, child: undefined, infant: null, arrivalDate: null }),
    ).toEqual({
      customerId: REQUIRED,
      kartName: REQUIRED,
      adults: REQUIRED,
      child: REQUIRED,
      infant: REQUIRED,
      arrivalDate: REQUIRED,
    });
    expect(errors({ adults: 0, child: -1, infant: 1.5, arrivalDate: '2026-02-30', passengers: [] })).toEqual({
      adults: M.tooSmall(1),
      child: M.tooSmall(0),
      infant: M.invalidValue,
      arrivalDate: 'Invalid date format',
    });
  });

  it('requires noOfDays and noOfNights, at most 90', () => {
    expect(errors({ noOfDays: null, noOfNights: undefined })).toEqual({ noOfDays: REQUIRED, noOfNights: REQUIRED });
    expect(errors({ noOfDays: 91, noOfNights: 91 })).toEqual({ noOfDays: M.tooLarge(90), noOfNights: M.tooLarge(90) });
    expect(errors({ noOfDays: 90, noOfNights: 89 })).toEqual({});
    expect(errors({ noOfDays: 0, noOfNights: 0 })).toEqual({ noOfDays: M.tooSmall(1) });
  });

  it('requires a passenger title and no more passengers of a type than the kart counts', () => {
    const [a1, a2, c1] = kart().passengers;
    expect(errors({ passengers: [a1, { ...a2!, title: ' ' }, c1!] as KartDraft['passengers'] })).toEqual({
      'passengers.1.title': REQUIRED,
    });
    expect(errors({ passengers: [a1!, a2!, { ...a2!, firstName: 'Ravi' }] })).toEqual({
      passengers: 'Passenger count mismatch, please reselect passengers.',
    });
    expect(errors({ infant: 0, passengers: [{ ...c1!, paxType: 'infant' }] })).toEqual({
      passengers: 'Passenger count mismatch, please reselect passengers.',
    });
    // Fewer passengers than counted is fine: names may come later.
    expect(errors({ passengers: [a1!] })).toEqual({});
    expect(errors({ passengers: [{ ...a1!, paxType: 'senior' as never }] })).toEqual({
      'passengers.0.paxType': M.invalidOption,
    });
  });

  it("refuses a collected payment above the computed total: 'Collected payment should not be greater than total price'", () => {
    // The sample's total is 3,707.10 (totals.test.ts); the client's totalPrice is never read.
    expect(errors({ collectedPayment: 3707.1, totalPrice: 1 })).toEqual({});
    expect(errors({ collectedPayment: 3707.11, totalPrice: 999_999 })).toEqual({
      collectedPayment: 'Collected payment should not be greater than total price',
    });
  });

  it('checks charges, discount and collected payment as amounts, and a discount that passes the total', () => {
    expect(
      errors({ serviceCharge: -1, remittanceCharge: 1.005, discount: Number.NaN, collectedPayment: null }),
    ).toEqual({ serviceCharge: M.tooSmall(0), remittanceCharge: DMC_TEXT.amountCents, discount: M.invalidValue });
    expect(errors({ discount: 3757.11, collectedPayment: 0 })).toEqual({ discount: DMC_TEXT.discountTooLarge });
    expect(errors({ discount: 3757.1, collectedPayment: 0 })).toEqual({});
    // Cents are exact at any size up to the limit.
    expect(errors({ serviceCharge: 99_999_999.99, remittanceCharge: 0.07 })).toEqual({});
    expect(errors({ serviceCharge: 100_000_000.01 })).toEqual({ serviceCharge: M.tooLarge(100_000_000) });
  });

  it('checks the price break-up, validity and dates', () => {
    expect(errors({ priceBreakup: 'summary' as never })).toEqual({ priceBreakup: M.invalidOption });
    expect(errors({ priceBreakup: null })).toEqual({ priceBreakup: REQUIRED });
    for (const priceBreakup of ['full', 'partial', 'none', 'noprice'] as const)
      expect(errors({ priceBreakup })).toEqual({});
    expect(errors({ quoteValidyInDays: 0, paymentDeadline: '26-11-2026', quoteDate: 'today' })).toEqual({
      quoteValidyInDays: M.tooSmall(1),
      paymentDeadline: 'Invalid date format',
      quoteDate: 'Invalid date format',
    });
    expect(errors({ quoteValidyInDays: null, paymentDeadline: null })).toEqual({});
  });
});

describe('kartErrors: lines', () => {
  it("needs a sharing basis with a transfer type: 'Please select sharing basis for …'", () => {
    expect(
      errors({
        accomodations: [hotelLine({ sharingBasis: null })],
        activities: [activityLine({ transfers: { ...activityLine().transfers, sharingBasis: null } })],
      }),
    ).toEqual({
      'accomodations.0.sharingBasis': 'Please select sharing basis for accomodation',
      'activities.0.transfers.sharingBasis': 'Please select sharing basis for activity',
    });
    expect(errors({ accomodations: [hotelLine({ transferType: null, sharingBasis: null })] })).toEqual({});
    expect(
      errors({ accomodations: [hotelLine({ transferType: 'both' as never, sharingBasis: 'SHARED' as never })] }),
    ).toEqual({ 'accomodations.0.transferType': M.invalidOption, 'accomodations.0.sharingBasis': M.invalidOption });
  });

  it('checks a hotel line: hotel, nights, rooms, room-type prices and counts, transfer price', () => {
    const line = hotelLine({
      accomodationId: '',
      noOfNights: 0,
      numberOfRooms: 0,
      rooms: { single: { price: -5, count: 1 }, double: { price: 450, count: 1.5 } },
      transferPrice: 12.345,
      checkinDate: '2026-13-01',
    });
    expect(errors({ accomodations: [line] })).toEqual({
      'accomodations.0.accomodationId': REQUIRED,
      'accomodations.0.noOfNights': M.tooSmall(1),
      'accomodations.0.numberOfRooms': M.tooSmall(1),
      'accomodations.0.checkinDate': 'Invalid date format',
      'accomodations.0.rooms.single.price': M.tooSmall(0),
      'accomodations.0.rooms.double.count': M.invalidValue,
      'accomodations.0.transferPrice': DMC_TEXT.amountCents,
    });
    expect(errors({ accomodations: [hotelLine({ noOfNights: 91 })] })).toEqual({
      'accomodations.0.noOfNights': M.tooLarge(90),
    });
  });

  it('checks activity, miscellaneous and flight lines', () => {
    expect(
      errors({
        activities: [activityLine({ activityId: '', tourOptionId: ' ', price: -1, time: '25:00' })],
        miscellaneous: [miscLine({ name: '', price: null as never })],
        flightDetails: [{ ...kart().flightDetails[0]!, flightNo: '', price: 1e9, departureTime: '4:35' }],
      }),
    ).toEqual({
      'activities.0.activityId': REQUIRED,
      'activities.0.tourOptionId': REQUIRED,
      'activities.0.price': M.tooSmall(0),
      'activities.0.time': DMC_TEXT.invalidTime,
      'miscellaneous.0.name': REQUIRED,
      'miscellaneous.0.price': REQUIRED,
      'flightDetails.0.flightNo': REQUIRED,
      'flightDetails.0.price': M.tooLarge(100_000_000),
      'flightDetails.0.departureTime': DMC_TEXT.invalidTime,
    });
  });
});

describe('kartErrors: when vouchered (§5)', () => {
  const vouchered = (over: Partial<KartDraft>) => errors({ isVouchered: true, ...over });

  it("needs a start date on every activity and miscellaneous item, not before: 'Please select start date for all …'", () => {
    const over = {
      activities: [activityLine(), activityLine({ id: 'act-2', startDate: null })],
      miscellaneous: [miscLine({ startDate: null })],
    };
    expect(errors(over)).toEqual({});
    expect(vouchered(over)).toEqual({
      'activities.1.startDate': 'Please select start date for all activities',
      'miscellaneous.0.startDate': 'Please select start date for all miscellaneous',
    });
  });

  it("needs a pickup transfer for a one-way transfer: 'Please add pickup transfer for …'", () => {
    const over = {
      accomodations: [hotelLine({ transferType: 'oneway', pickupTransfer: null, dropTransfer: null })],
      activities: [
        activityLine({
          transfers: {
            transferType: 'oneway',
            sharingBasis: 'PVT',
            pickupTransfer: { pickupLocation: 'Rove Downtown', dropLocation: '' },
            dropTransfer: null,
          },
        }),
      ],
    };
    expect(errors(over)).toEqual({});
    expect(vouchered(over)).toEqual({
      'accomodations.0.pickupTransfer': 'Please add pickup transfer for accomodation',
      'activities.0.transfers.pickupTransfer': 'Please add pickup transfer for activity',
    });
  });

  it("needs both legs for a return transfer: 'Please add transfer for …'", () => {
    const over = {
      accomodations: [hotelLine({ dropTransfer: null })],
      activities: [activityLine({ transfers: { ...activityLine().transfers, pickupTransfer: null } })],
    };
    expect(errors(over)).toEqual({});
    expect(vouchered(over)).toEqual({
      'accomodations.0.dropTransfer': 'Please add transfer for accomodation',
      'activities.0.transfers.pickupTransfer': 'Please add transfer for activity',
    });
  });

  it('needs a time for every leg the transfer drives once vouchered: the driver works from it', () => {
    const leg = { pickupLocation: 'DXB Terminal 3', dropLocation: 'Rove Downtown', date: '2027-03-10' };
    const over = {
      accomodations: [hotelLine({ pickupTransfer: { ...leg, time: null }, dropTransfer: { ...leg, time: '10:30' } })],
      activities: [
        // Picked up at the activity's own time: no time of its own needed.
        activityLine({
          time: '15:00',
          transfers: { ...activityLine().transfers, pickupTransfer: { ...leg, time: '' } },
        }),
        activityLine({
          id: 'act-2',
          time: null,
          transfers: { ...activityLine().transfers, pickupTransfer: { ...leg, time: '' }, dropTransfer: { ...leg } },
        }),
        // One way: only the pickup is driven, whatever the drop leg says.
        activityLine({
          id: 'act-3',
          transfers: {
            transferType: 'oneway',
            sharingBasis: 'PVT',
            pickupTransfer: { ...leg, time: '09:00' },
            dropTransfer: leg,
          },
        }),
      ],
    };
    expect(errors(over)).toEqual({});
    expect(vouchered(over)).toEqual({
      'accomodations.0.pickupTransfer.time': DMC_TEXT.pickupTimeToVoucher,
      'activities.1.transfers.pickupTransfer.time': DMC_TEXT.pickupTimeToVoucher,
      'activities.1.transfers.dropTransfer.time': DMC_TEXT.pickupTimeToVoucher,
    });
  });

  it('needs a hotel check-in date once vouchered', () => {
    expect(errors({ accomodations: [hotelLine({ checkinDate: null })] })).toEqual({});
    expect(vouchered({ accomodations: [hotelLine({ checkinDate: null })] })).toEqual({
      'accomodations.0.checkinDate': REQUIRED,
    });
  });
});

describe('kartChangeProblem: the status machine', () => {
  const quotation = { isVouchered: false, isCancelled: false };
  it('lets a quotation be vouchered or cancelled, and a vouchered kart be cancelled', () => {
    expect(kartChangeProblem(null, { isVouchered: true })).toBeNull();
    expect(kartChangeProblem(quotation, { isVouchered: true })).toBeNull();
    expect(kartChangeProblem(quotation, { isCancelled: true })).toBeNull();
    expect(kartChangeProblem({ isVouchered: true, isCancelled: false }, { isVouchered: true })).toBeNull();
    expect(kartChangeProblem({ isVouchered: true, isCancelled: false }, { isCancelled: true })).toBeNull();
  });
  it('refuses to un-voucher, and any change to a cancelled kart', () => {
    expect(kartChangeProblem({ isVouchered: true, isCancelled: false }, { isVouchered: false })).toBe(
      DMC_TEXT.kartUnvoucher,
    );
    expect(kartChangeProblem({ isVouchered: false, isCancelled: true }, { isCancelled: true })).toBe(
      DMC_TEXT.kartCancelled,
    );
  });
});

describe('timeSlotProblem', () => {
  const slots = { hasTimeSlots: true, timeSlots: ['09:00', '15:30'] };
  it("takes one of the option's slots, and asks for one only once vouchered", () => {
    expect(timeSlotProblem(slots, '15:30', true)).toBeNull();
    expect(timeSlotProblem(slots, null, false)).toBeNull();
    expect(timeSlotProblem(slots, '', true)).toBe(DMC_TEXT.timeSlotToVoucher);
    expect(timeSlotProblem(slots, '10:00', false)).toBe(DMC_TEXT.notATimeSlot(['09:00', '15:30']));
  });
  it('leaves the time free when the option has no slots', () => {
    expect(timeSlotProblem({ hasTimeSlots: false, timeSlots: [] }, '10:00', true)).toBeNull();
    expect(timeSlotProblem({ hasTimeSlots: true, timeSlots: [] }, null, true)).toBeNull();
  });
});
