import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { actOnDisruption, DISRUPTION_MSG, getDisruptions, type TDisruption } from '@tp/contracts/endpoints/disruptions';
import type { TSegment } from '@tp/contracts/endpoints/flights';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const segment = (flightNumber: string, departureTime: string, arrivalTime: string): TSegment => ({
  airlineName: 'Air India',
  airlineCode: 'AI',
  flightNumber,
  fareClass: 'Y',
  operatingCarrier: 'AI',
  originAirportCode: 'DEL',
  originAirportName: 'Indira Gandhi International Airport',
  originCityName: 'Delhi',
  originCityCode: 'DEL',
  originCountryCode: 'IN',
  originTerminal: '3',
  destinationAirportCode: 'BOM',
  destinationAirportName: 'Chhatrapati Shivaji International Airport',
  destinationCityName: 'Mumbai',
  destinationCityCode: 'BOM',
  destinationCountryCode: 'IN',
  destinationTerminal: '1',
  departureTime,
  arrivalTime,
  durationMinutes: 120,
  groundTimeMinutes: 0,
  tripIndicator: 1,
  flightStatus: 'Confirmed',
  baggage: '15 KG',
  cabinBaggage: '7 KG',
  stopPoint: '',
  stopPointArrivalTime: '',
  stopPointDepartureTime: '',
});

const DISRUPTION: TDisruption = {
  disruptionId: 'k3x9',
  bookingId: '100123',
  pnr: 'QX7K2P',
  userId: 'u1',
  bookerName: 'Arjun Mehta',
  source: 'simulator',
  status: 'open',
  detectedAt: '2026-11-28T10:00:00.000Z',
  escalateAt: '2026-11-28T22:00:00.000Z',
  escalatedAt: null,
  oldSegments: [[segment('317', '2027-02-13T09:20:00', '2027-02-13T11:20:00')]],
  newSegments: [[segment('317', '2027-02-13T11:20:00', '2027-02-13T13:20:00')]],
  changes: [
    {
      trip: 1,
      index: 0,
      flight: 'AI317',
      origin: 'DEL',
      destination: 'BOM',
      oldDeparture: '2027-02-13T09:20:00',
      newDeparture: '2027-02-13T11:20:00',
      oldArrival: '2027-02-13T11:20:00',
      newArrival: '2027-02-13T13:20:00',
      shiftMinutes: 120,
      flightChanged: false,
    },
  ],
  connections: [],
  missedConnection: false,
  alternatives: [{ alternativeId: 'OB7', segments: [[segment('865', '2027-02-13T10:00:00', '2027-02-13T12:05:00')]] }],
  canCancel: true,
  handledAt: null,
  handledBy: null,
  chosenAlternativeId: null,
  refundedAmount: null,
};

describe('disruption inbox', { timeout: 30_000 }, () => {
  it('shows the old and new times and takes the alternative', async () => {
    const api = fakeApi();
    api.on(getDisruptions, { records: [DISRUPTION], nextCursor: null });
    api.on(actOnDisruption, (input): TDisruption => ({
      ...DISRUPTION,
      status: 'rebooked',
      chosenAlternativeId: input.alternativeId ?? null,
    }));
    renderApp('/flights/disruptions', { user: testUser({ userType: 'travelAgent' }), api });
    const card = await screen.findByRole('article', { name: /PNR QX7K2P/ });
    const table = within(card).getByRole('table', { name: 'Changed flights of PNR QX7K2P' });
    expect(within(table).getByText(/09:20–11:20/)).toBeTruthy();
    expect(within(table).getByText(/11:20–13:20/)).toBeTruthy();
    expect(within(table).getByText('(120 min later)')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Take this flight' }));
    await waitFor(() =>
      expect(api.calls(actOnDisruption)[0]?.input).toEqual({
        bookingId: '100123',
        disruptionId: 'k3x9',
        action: 'alternative',
        alternativeId: 'OB7',
      }),
    );
    expect(await screen.findByText(DISRUPTION_MSG.rebooked)).toBeTruthy();
  });

  it('says so when there is nothing, for staff too', async () => {
    const api = fakeApi();
    api.on(getDisruptions, { records: [], nextCursor: null });
    renderApp('/flights/disruptions', { user: staffUser(), api });
    expect(await screen.findByText(DISRUPTION_MSG.none)).toBeTruthy();
  });
});
