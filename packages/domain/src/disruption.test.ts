import { describe, expect, it } from 'vitest';
import {
  connectionChecks,
  escalationDue,
  isScheduleChanged,
  scheduleFingerprint,
  segmentChanges,
  type ScheduleSegment,
} from './disruption.ts';

const seg = (flight: string, from: string, to: string, dep: string, arr: string, country = 'IN'): ScheduleSegment => ({
  airlineCode: flight.slice(0, 2),
  flightNumber: flight.slice(2),
  originAirportCode: from,
  originCountryCode: country,
  destinationAirportCode: to,
  destinationCountryCode: country,
  departureTime: dep,
  arrivalTime: arr,
  tripIndicator: 1,
});

const booked = [
  [
    seg('AI101', 'DEL', 'BOM', '2026-12-20T06:00:00', '2026-12-20T08:10:00'),
    seg('AI655', 'BOM', 'GOI', '2026-12-20T09:30:00', '2026-12-20T10:40:00'),
  ],
];

describe('schedule changes', () => {
  it('finds nothing when the supplier answers the booked schedule', () => {
    expect(segmentChanges(booked, booked)).toEqual([]);
    expect(isScheduleChanged(booked, booked)).toBe(false);
  });

  it('reports the moved segment with old and new times and the shift', () => {
    const moved = [[seg('AI101', 'DEL', 'BOM', '2026-12-20T07:05:00', '2026-12-20T09:15:00'), booked[0]![1]!]];
    expect(segmentChanges(booked, moved)).toEqual([
      {
        trip: 1,
        index: 0,
        flight: 'AI101',
        origin: 'DEL',
        destination: 'BOM',
        oldDeparture: '2026-12-20T06:00:00',
        newDeparture: '2026-12-20T07:05:00',
        oldArrival: '2026-12-20T08:10:00',
        newArrival: '2026-12-20T09:15:00',
        shiftMinutes: 65,
        flightChanged: false,
      },
    ]);
    expect(isScheduleChanged(booked, moved)).toBe(true);
  });

  it('flags a connection below the minimum connection time as missed', () => {
    expect(connectionChecks(booked)).toEqual([
      { trip: 1, airport: 'BOM', groundMinutes: 80, minimumMinutes: 45, missed: false },
    ]);
    const late = [[seg('AI101', 'DEL', 'BOM', '2026-12-20T07:05:00', '2026-12-20T09:15:00'), booked[0]![1]!]];
    expect(connectionChecks(late)[0]).toMatchObject({ groundMinutes: 15, missed: true });
    // Onto an international flight the minimum is 90 minutes: 80 is too short.
    const abroad = [
      [booked[0]![0]!, { ...booked[0]![1]!, destinationAirportCode: 'DXB', destinationCountryCode: 'AE' }],
    ];
    expect(connectionChecks(abroad)[0]).toMatchObject({ minimumMinutes: 90, missed: true });
  });

  it('a new flight number is a change even at the same times; segments added or dropped are too', () => {
    const swapped = [[{ ...booked[0]![0]!, flightNumber: '103' }, booked[0]![1]!]];
    expect(segmentChanges(booked, swapped)[0]).toMatchObject({ flight: 'AI103', flightChanged: true, shiftMinutes: 0 });
    expect(isScheduleChanged(booked, [[booked[0]![0]!]])).toBe(true);
  });

  it('fingerprints a schedule by flights and times', () => {
    const moved = [[seg('AI101', 'DEL', 'BOM', '2026-12-20T07:05:00', '2026-12-20T09:15:00'), booked[0]![1]!]];
    expect(scheduleFingerprint(booked)).toBe(scheduleFingerprint(structuredClone(booked)));
    expect(scheduleFingerprint(booked)).not.toBe(scheduleFingerprint(moved));
  });

  it('escalates 12 hours after detection, or 24 hours before departure when sooner, never before detection', () => {
    const found = new Date('2026-12-01T00:00:00Z');
    expect(escalationDue(found, Date.parse('2026-12-20T00:00:00Z')).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(escalationDue(found, Date.parse('2026-12-01T06:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(escalationDue(found, Date.parse('2026-12-02T06:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });
});
