import { describe, expect, it } from 'vitest';
import type { Offer, Order, SeatMap } from '@duffel/api/types';
import { DuffelError } from '@duffel/api';
import type { SupplyPassenger } from '../types.ts';
import { supplyErrorOf } from './client.ts';
import {
  baggageOf,
  detailsOfOrder,
  durationMinutes,
  fareRulesOf,
  fromOffer,
  seatRowsOf,
  segmentIndex,
  servicesOf,
  toOfferRequest,
  toOrderPassengers,
} from './map.ts';

const airport = (code: string, city: string) => ({
  type: 'airport',
  id: `arp_${code}`,
  iata_code: code,
  icao_code: '',
  name: `${city} Airport`,
  city_name: city,
  iata_city_code: code,
  iata_country_code: 'IN',
  latitude: 0,
  longitude: 0,
  time_zone: 'Asia/Kolkata',
  city: null,
});
const segment = (id: string, from: string, to: string, dep: string, arr: string) => ({
  id,
  aircraft: { id: 'arc', name: 'Airbus A320', iata_code: '320' },
  origin: airport(from, from),
  destination: airport(to, to),
  origin_terminal: '3',
  destination_terminal: null,
  departing_at: dep,
  arriving_at: arr,
  duration: 'PT2H5M',
  distance: null,
  marketing_carrier: { id: 'arl', iata_code: 'AI', name: 'Air India' },
  marketing_carrier_flight_number: '805',
  operating_carrier: { id: 'arl', iata_code: 'AI', name: 'Air India' },
  operating_carrier_flight_number: '805',
  stops: [],
  passengers: [
    {
      passenger_id: 'pas_a',
      cabin_class: 'economy',
      cabin_class_marketing_name: 'Economy',
      fare_basis_code: 'KOWIN',
      cabin: null,
      baggages: [
        { type: 'checked', quantity: 1 },
        { type: 'carry_on', quantity: 1 },
      ],
    },
  ],
});
const offer = (over: Partial<Offer> = {}): Offer =>
  ({
    id: 'off_1',
    expires_at: '2026-11-22T06:30:00Z',
    owner: { id: 'arl', iata_code: 'AI', name: 'Air India' },
    total_amount: '10001.00',
    total_currency: 'INR',
    base_amount: '8000.00',
    tax_amount: '2001.00',
    passenger_identity_documents_required: false,
    passengers: [
      { id: 'pas_a', type: 'adult', age: null },
      { id: 'pas_b', type: 'adult', age: null },
      { id: 'pas_c', type: null, age: 1 },
    ],
    payment_requirements: {
      requires_instant_payment: false,
      payment_required_by: '2026-11-23T06:00:00Z',
      price_guarantee_expires_at: null,
    },
    conditions: {
      refund_before_departure: { allowed: true, penalty_amount: '1500.00', penalty_currency: 'INR' },
      change_before_departure: null,
    },
    slices: [
      {
        id: 'sli_1',
        origin: airport('DEL', 'Delhi'),
        destination: airport('BOM', 'Mumbai'),
        fare_brand_name: 'Flex',
        conditions: { change_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null } },
        segments: [
          segment('seg_1', 'DEL', 'JAI', '2026-12-10T06:00:00', '2026-12-10T07:00:00'),
          segment('seg_2', 'JAI', 'BOM', '2026-12-10T08:30:00', '2026-12-10T10:35:00'),
        ],
      },
    ],
    available_services: [
      {
        id: 'ase_a15',
        type: 'baggage',
        maximum_quantity: 1,
        passenger_ids: ['pas_a'],
        segment_ids: ['seg_1', 'seg_2'],
        total_amount: '1200.00',
        total_currency: 'INR',
        metadata: { type: 'checked', maximum_weight_kg: 15 },
      },
      {
        id: 'ase_b15',
        type: 'baggage',
        maximum_quantity: 1,
        passenger_ids: ['pas_b'],
        segment_ids: ['seg_1', 'seg_2'],
        total_amount: '1200.00',
        total_currency: 'INR',
        metadata: { type: 'checked', maximum_weight_kg: 15 },
      },
    ],
    ...over,
  }) as unknown as Offer;

const passenger = (over: Partial<SupplyPassenger>): SupplyPassenger => ({
  title: 'Ms',
  firstName: 'Asha',
  lastName: 'Rao',
  paxType: 1,
  gender: 2,
  dateOfBirth: '1990-01-01',
  isLeadPax: false,
  baggage: [],
  mealDynamic: [],
  seat: [],
  ...over,
});

describe('Duffel mapping', () => {
  it('asks for slices, passengers by type or age, the cabin and direct flights', () => {
    expect(
      toOfferRequest({
        JourneyType: 3,
        segments: [
          { origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' },
          { origin: 'BOM', destination: 'GOI', preferredDepartureTime: '2026-12-12T16:00:00' },
        ],
        adultCount: 2,
        childCount: 1,
        infantCount: 1,
        cabinClass: 5,
        directFlight: true,
      }),
    ).toEqual({
      slices: [
        { origin: 'DEL', destination: 'BOM', departure_date: '2026-12-10' },
        { origin: 'BOM', destination: 'GOI', departure_date: '2026-12-12' },
      ],
      passengers: [{ type: 'adult' }, { type: 'adult' }, { age: 8 }, { age: 1 }],
      cabin_class: 'business',
      max_connections: 0,
    });
    const any = toOfferRequest({
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' }],
      adultCount: 1,
      childCount: 0,
      infantCount: 0,
      cabinClass: 1,
    });
    expect(any).not.toHaveProperty('cabin_class');
    expect(any).not.toHaveProperty('max_connections');
  });

  it('reads ISO durations', () => {
    expect(durationMinutes('PT2H26M')).toBe(146);
    expect(durationMinutes('P1DT2H')).toBe(1560);
    expect(durationMinutes('PT45M')).toBe(45);
    expect(durationMinutes(null)).toBe(0);
  });

  it('maps a holdable offer to a GDS-style option whose per-passenger shares add up to the fare', () => {
    const o = fromOffer(offer());
    expect(o).toMatchObject({
      resultIndex: 'off_1',
      source: 'GDS',
      isLcc: false,
      isHoldAllowed: true,
      isRefundable: true,
      lastTicketDate: '2026-11-23T06:00:00Z',
      airlineCode: 'AI',
      fare: { currency: 'INR', baseFare: 8000, tax: 2001 },
    });
    expect(o.segments[0]!.map((s) => [s.originAirportCode, s.groundTimeMinutes, s.durationMinutes])).toEqual([
      ['DEL', 0, 125],
      ['JAI', 90, 125],
    ]);
    expect(o.segments[0]![0]).toMatchObject({ baggage: '1 piece', cabinBaggage: '1 piece', fareClass: 'KOWIN' });
    const sum = (k: 'baseFare' | 'tax') => o.fareBreakdown.reduce((a, b) => a + b[k] * b.count, 0);
    expect(o.fareBreakdown.map((b) => [b.passengerType, b.count])).toEqual([
      [1, 2],
      [3, 1],
    ]);
    expect(Math.round(sum('baseFare') * 100)).toBe(800_000);
    expect(Math.abs(sum('tax') - 2001)).toBeLessThanOrEqual(0.02);
    const instant = fromOffer(
      offer({
        payment_requirements: {
          requires_instant_payment: true,
          payment_required_by: null,
          price_guarantee_expires_at: null,
        },
      }),
    );
    expect(instant).toMatchObject({ source: 'AI', isLcc: true, isHoldAllowed: false, lastTicketDate: null });
  });

  it('writes the conditions and Duffel’s limits as fare rules', () => {
    const [rule] = fareRulesOf(offer());
    expect(rule!.fareRuleDetail).toContain('Cancellation (refund before departure): allowed, penalty INR 1500.00.');
    expect(rule!.fareRuleDetail).toContain('Change before departure: not allowed.');
    expect(rule!.fareRuleDetail).toContain('valid until 2026-11-22T06:30:00Z');
    expect(rule!.fareRuleDetail).toContain('partial cancellation is offered as a full one');
  });

  it('offers one bag per kind, and resolves a chosen bag and seat to each passenger’s own service', () => {
    const o = offer();
    const segs = segmentIndex(o.slices);
    const bags = baggageOf(o.available_services, segs);
    expect(bags).toEqual([
      expect.objectContaining({
        code: expect.stringMatching(/^BAG-[0-9a-f]{10}-checked-15$/),
        weight: 15,
        wayType: 2,
        origin: 'DEL',
        destination: 'BOM',
        price: 1200,
      }),
    ]);
    const map = {
      id: 'sea_1',
      slice_id: 'sli_1',
      segment_id: 'seg_1',
      cabins: [
        {
          deck: 0,
          cabin_class: 'economy',
          aisles: 1,
          wings: null,
          rows: [
            {
              sections: [
                {
                  elements: [
                    {
                      type: 'seat',
                      designator: '1A',
                      disclosures: [],
                      available_services: [
                        { id: 'ase_s1a_b', passenger_id: 'pas_b', total_amount: '300.00', total_currency: 'INR' },
                      ],
                    },
                    { type: 'seat', designator: '1C', disclosures: [], available_services: [] },
                  ],
                },
                {
                  elements: [
                    { type: 'seat', designator: '1D', disclosures: [], available_services: [] },
                    { type: 'seat', designator: '1F', disclosures: [], available_services: [] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    } as unknown as SeatMap;
    const rows = seatRowsOf(map, segs);
    expect(rows.segment).toBe('DEL-JAI');
    expect(rows.rows[0]!.map((s) => [s.code, s.seatType, s.available, s.price])).toEqual([
      ['1A', 1, true, 300],
      ['1C', 2, false, 0],
      ['1D', 2, false, 0],
      ['1F', 1, false, 0],
    ]);
    const seat = rows.rows[0]![0]!;
    const pax = [passenger({ isLeadPax: true }), passenger({ firstName: 'Uma', baggage: [bags[0]!], seat: [seat] })];
    expect(servicesOf(pax, ['pas_a', 'pas_b'], o.available_services, [map], segs)).toEqual([
      { id: 'ase_b15', quantity: 1 },
      { id: 'ase_s1a_b', quantity: 1 },
    ]);
    expect(() => servicesOf([passenger({ seat: [seat] })], ['pas_a'], o.available_services, [map], segs)).toThrow(
      'Seat 1A is not available',
    );
  });

  it('matches passengers to the offer by type, puts an infant on an adult’s lap, and needs dates of birth', () => {
    const o = offer();
    const lead = passenger({ isLeadPax: true, email: 'asha@example.com', mobileNo: '98765-43210', phoneCode: '91' });
    const { passengers, ids } = toOrderPassengers(
      [
        lead,
        passenger({ paxType: 3, title: 'Miss', firstName: 'Tara', dateOfBirth: '2026-01-05' }),
        passenger({ title: 'Mr', gender: 1, firstName: 'Ravi' }),
      ],
      o.passengers,
    );
    expect(ids).toEqual(['pas_a', 'pas_c', 'pas_b']);
    expect(passengers[0]).toMatchObject({
      id: 'pas_a',
      title: 'ms',
      gender: 'f',
      phone_number: '+919876543210',
      email: 'asha@example.com',
      infant_passenger_id: 'pas_c',
    });
    expect(passengers[2]).toMatchObject({ id: 'pas_b', title: 'mr', gender: 'm', email: 'asha@example.com' });
    expect(() => toOrderPassengers([{ ...lead, dateOfBirth: undefined }], o.passengers)).toThrow(/date of birth/);
    expect(() => toOrderPassengers([passenger({})], o.passengers)).toThrow(/email and mobile/);
  });

  it('reads an order’s state: held, ticketed, released, cancelled', () => {
    const base = {
      id: 'ord_1',
      booking_reference: 'ABC123',
      owner: { iata_code: 'AI' },
      passengers: [{ id: 'pas_a' }],
      documents: [],
      slices: [],
      cancelled_at: null,
      payment_status: { awaiting_payment: true, paid_at: null, payment_required_by: '2026-11-23T06:00:00Z' },
    };
    const as = (o: object) => detailsOfOrder({ ...base, ...o } as unknown as Order);
    expect(as({})).toMatchObject({ status: 'held', lastTicketDate: '2026-11-23T06:00:00Z', tickets: [] });
    const paid = {
      payment_status: { awaiting_payment: false, paid_at: 'x' },
      documents: [{ type: 'electronic_ticket', unique_identifier: '1251234567890', passenger_ids: ['pas_a'] }],
    };
    expect(as(paid)).toMatchObject({
      status: 'ticketed',
      lastTicketDate: null,
      tickets: [{ ticketNumber: '1251234567890', status: 'ticketed' }],
    });
    expect(as({ cancelled_at: 'x' }).status).toBe('released');
    expect(as({ ...paid, cancelled_at: 'x' })).toMatchObject({
      status: 'cancelled',
      tickets: [{ status: 'cancelled' }],
    });
  });

  it('turns Duffel’s errors into our supplier errors', () => {
    const err = (type: string, code: string, status = 422) =>
      supplyErrorOf(
        new DuffelError({
          meta: { status, request_id: 'r' },
          errors: [{ type, code, title: code, message: `m:${code}`, documentation_url: '' }],
          headers: new Headers() as never,
          status,
        }),
      );
    expect(err('invalid_request_error', 'offer_no_longer_available').kind).toBe('soldOut');
    expect(err('invalid_request_error', 'offer_expired').kind).toBe('expired');
    expect(err('authentication_error', 'invalid_authentication_credentials', 401).kind).toBe('invalidSession');
    expect(err('validation_error', 'invalid_field')).toMatchObject({
      kind: 'invalidRequest',
      message: 'm:invalid_field',
    });
    expect(err('invalid_state_error', 'already_paid').kind).toBe('notAllowed');
    expect(err('rate_limit_error', 'rate_limit_exceeded', 429).kind).toBe('failed');
    expect(err('api_error', 'internal_server_error', 500).kind).toBe('failed');
  });
});
