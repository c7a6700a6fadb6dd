/**
 * A local stand-in for a TBO-style consolidator (node:http), answering the documented request and
 * response shapes (PascalCase, `Response.ResponseStatus`, `Response.Error`). Behind it the embedded
 * simulator does the airline work, with in-memory state, so an adapter test runs the whole flow.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TSearchRequest, TSegment } from '@tp/contracts/endpoints/flights';
import { SimulatorSupply } from '../../functions/src/supply/simulator/index.ts';
import { memorySimStore } from '../../functions/src/supply/simulator/store.ts';
import {
  SupplyError,
  type SupplierOption,
  type SupplyContext,
  type SupplyPassenger,
} from '../../functions/src/supply/types.ts';
import { TBO_PATHS } from '../../functions/src/supply/tbo/client.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';

type Json = Record<string, any>; // wire JSON, read field by field

export interface TboStub {
  url: string;
  credentials: { clientId: string; userName: string; password: string };
  /** Calls received, by operation name (Authenticate, Search, …), with their bodies. */
  calls: { op: string; body: Json }[];
  /** The stub's clock (trace validity, change-request progress). */
  now: Date;
  /** Extra delay before answering an operation, ms. */
  delays: Partial<Record<string, number>>;
  /** Forget every token issued (the next call meets an invalid session). */
  expireTokens(): void;
  stop(): Promise<void>;
}

const STATUS = { ok: 1, failed: 2, invalidRequest: 3, invalidSession: 4, invalidCredentials: 5 } as const;
const quiet = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };

const ok = (fields: Json) => ({
  Response: { ResponseStatus: STATUS.ok, Error: { ErrorCode: 0, ErrorMessage: '' }, ...fields },
});
const err = (status: number, message: string) => ({
  Response: {
    ResponseStatus: status,
    Error: { ErrorCode: status === STATUS.invalidSession ? 6 : 2, ErrorMessage: message },
  },
});

function tboSegment(s: TSegment, index: number): Json {
  const airport = (side: 'origin' | 'destination') => ({
    AirportCode: s[`${side}AirportCode`],
    AirportName: s[`${side}AirportName`],
    Terminal: s[`${side}Terminal`],
    CityCode: s[`${side}CityCode`],
    CityName: s[`${side}CityName`],
    CountryCode: s[`${side}CountryCode`],
  });
  return {
    Baggage: s.baggage,
    CabinBaggage: s.cabinBaggage,
    TripIndicator: s.tripIndicator,
    SegmentIndicator: index + 1,
    Airline: {
      AirlineCode: s.airlineCode,
      AirlineName: s.airlineName,
      FlightNumber: s.flightNumber,
      FareClass: s.fareClass,
      OperatingCarrier: s.operatingCarrier,
    },
    NoOfSeatAvailable: s.seatsLeft,
    Origin: { Airport: airport('origin'), DepTime: s.departureTime },
    Destination: { Airport: airport('destination'), ArrTime: s.arrivalTime },
    Duration: s.durationMinutes,
    GroundTime: s.groundTimeMinutes,
    StopOver: false,
    StopPoint: s.stopPoint,
    StopPointArrivalTime: s.stopPointArrivalTime,
    StopPointDepartureTime: s.stopPointDepartureTime,
    Craft: s.craft,
    FlightStatus: s.flightStatus,
  };
}

function tboResult(o: SupplierOption): Json {
  const f = o.fare;
  const published = f.baseFare + f.tax + f.otherCharges + f.serviceFee + f.txnFee;
  return {
    ResultIndex: o.resultIndex,
    Source: o.isLcc ? 6 : 2, // TBO numbers its sources; the adapter maps them back
    IsLCC: o.isLcc,
    IsRefundable: o.isRefundable,
    IsHoldAllowed: o.isHoldAllowed,
    IsPanRequiredAtBook: o.isPanRequired,
    IsPassportRequiredAtBook: o.isPassportRequired,
    GSTAllowed: true,
    LastTicketDate: o.lastTicketDate,
    AirlineCode: o.airlineCode,
    ValidatingAirline: o.airlineCode,
    Fare: {
      Currency: f.currency,
      BaseFare: f.baseFare,
      Tax: f.tax,
      YQTax: f.yq,
      OtherCharges: f.otherCharges,
      ServiceFee: f.serviceFee,
      AdditionalTxnFeePub: f.txnFee,
      PublishedFare: published,
      CommissionEarned: f.commission,
      IncentiveEarned: f.incentive,
      PLBEarned: f.plb,
      OfferedFare: published - f.commission - f.incentive - f.plb,
    },
    FareBreakdown: o.fareBreakdown.map((b) => ({
      Currency: f.currency,
      PassengerType: b.passengerType,
      PassengerCount: b.count,
      BaseFare: b.baseFare * b.count,
      Tax: b.tax * b.count,
    })),
    Segments: o.segments.map((trip) => trip.map(tboSegment)),
  };
}

function ourPassenger(p: Json): SupplyPassenger {
  return {
    title: p.Title,
    firstName: p.FirstName,
    lastName: p.LastName,
    paxType: p.PaxType,
    gender: p.Gender,
    isLeadPax: Boolean(p.IsLeadPax),
    ...(p.DateOfBirth ? { dateOfBirth: String(p.DateOfBirth).slice(0, 10) } : {}),
    baggage: [],
    mealDynamic: [],
    seat: [],
  };
}

/** The agent's booking reference of a Book / Ticket call (AgentReferenceNo), passed on to the simulator. */
const agentRef = (b: Json) => (b.AgentReferenceNo ? { reference: String(b.AgentReferenceNo) } : {});

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startTboStub(port = 0): Promise<TboStub> {
  const credentials = { clientId: 'ApiIntegrationNew', userName: 'stub-user', password: 'stub-pass' };
  const sim = new SimulatorSupply(asSiteId('tbo-stub'), {}, memorySimStore());
  const tokens = new Set<string>();
  const byPath = new Map<string, string>(Object.entries(TBO_PATHS).map(([op, path]) => [path, op]));
  let tokenNo = 0;
  const stub: TboStub = {
    url: '',
    credentials,
    calls: [],
    now: new Date(),
    delays: {},
    expireTokens: () => tokens.clear(),
    stop: () => new Promise((r) => server.close(() => r())),
  };
  const ctx = (): SupplyContext => ({
    siteId: asSiteId('tbo-stub'),
    now: stub.now,
    endUserIp: '127.0.0.1',
    log: quiet,
  });

  async function handle(op: string, b: Json): Promise<Json> {
    if (op === 'authenticate') {
      if (
        b.ClientId !== credentials.clientId ||
        b.UserName !== credentials.userName ||
        b.Password !== credentials.password
      )
        return {
          Status: STATUS.invalidCredentials,
          TokenId: null,
          Error: { ErrorCode: 3, ErrorMessage: 'Invalid credentials' },
        };
      const TokenId = `tok-${++tokenNo}-${Math.random().toString(36).slice(2)}`;
      tokens.add(TokenId);
      return { Status: STATUS.ok, TokenId, Error: { ErrorCode: 0, ErrorMessage: '' }, Member: { FirstName: 'Stub' } };
    }
    if (!b.EndUserIp) return err(STATUS.invalidRequest, 'EndUserIp is mandatory');
    if (!tokens.has(b.TokenId)) return err(STATUS.invalidSession, 'Your session (TokenId) has expired');
    const ref = { traceId: b.TraceId, resultIndex: b.ResultIndex };
    switch (op) {
      case 'search': {
        const req: TSearchRequest = {
          JourneyType: b.JourneyType === 3 && b.Segments.length === 2 ? 2 : b.JourneyType,
          ...(b.JourneyType === 5 ? { returnType: 5 } : {}),
          segments: b.Segments.map((s: Json) => ({
            origin: s.Origin,
            destination: s.Destination,
            preferredDepartureTime: s.PreferredDepartureTime,
          })),
          adultCount: b.AdultCount,
          childCount: b.ChildCount,
          infantCount: b.InfantCount,
          cabinClass: b.Segments[0].FlightCabinClass,
          directFlight: b.DirectFlight,
          ...(b.Sources ? { Sources: b.Sources } : {}),
          ...(b.PreferredAirlines ? { preferredAirlines: b.PreferredAirlines } : {}),
        };
        const r = await sim.search(req, ctx());
        return ok({ TraceId: r.traceId, Results: r.results.map((l) => l.map(tboResult)) });
      }
      case 'calendarFare': {
        const s = b.Segments[0];
        const days = await sim.calendarFare(
          { origin: s.Origin, destination: s.Destination, month: String(s.PreferredDepartureTime).slice(0, 7) },
          ctx(),
        );
        return ok({
          TraceId: 'cal',
          SearchResults: days.map((d) => ({
            AirlineCode: d.airlineCode,
            AirlineName: d.airlineName,
            BaseFare: d.baseFare,
            Tax: d.tax,
            Fare: d.fare,
            DepartureDate: d.departureTime,
            IsLowestFareOfMonth: d.isLowestFareOfMonth,
          })),
        });
      }
      case 'fareRule':
        return ok({
          FareRules: (await sim.fareRules(ref, ctx())).map((r) => ({
            Origin: r.origin,
            Destination: r.destination,
            Airline: r.airline,
            FareRuleDetail: r.fareRuleDetail,
          })),
        });
      case 'fareQuote': {
        const q = await sim.fareQuote(ref, ctx());
        return ok({ IsPriceChanged: q.isPriceChanged, Results: tboResult(q.option) });
      }
      case 'ssr': {
        const c = await sim.ssr(ref, ctx());
        if (!c) return ok({});
        const item = (x: Json) => ({
          ...Object.fromEntries(Object.entries(x).map(([k, v]) => [k[0]!.toUpperCase() + k.slice(1), v])),
        });
        return ok({
          Baggage: [c.baggage.map(item)],
          MealDynamic: [c.mealDynamic.map((m) => ({ ...item(m), AirlineDescription: m.description }))],
          SeatDynamic: [
            {
              SegmentSeat: c.seatDynamic.map((s) => ({
                RowSeats: s.rows.map((row) => ({
                  Seats: row.map((seat) => ({ ...item(seat), AvailablityType: seat.available ? 1 : 3 })),
                })),
              })),
            },
          ],
        });
      }
      case 'book': {
        const quote = await sim.fareQuote(ref, ctx());
        const r = await sim.book(
          { ...ref, ...agentRef(b), passengers: b.Passengers.map(ourPassenger), expectedFare: quote.option.fare },
          ctx(),
        );
        return ok({
          TraceId: b.TraceId,
          Response: {
            PNR: r.pnr,
            BookingId: Number(r.supplierBookingId),
            IsPriceChanged: r.isPriceChanged,
            FlightItinerary: { LastTicketDate: r.lastTicketDate },
          },
        });
      }
      case 'ticket': {
        let r;
        if (b.BookingId)
          r = await sim.ticket({ ...ref, ...agentRef(b), supplierBookingId: String(b.BookingId), pnr: b.PNR }, ctx());
        else {
          const quote = await sim.fareQuote(ref, ctx());
          r = await sim.ticket(
            { ...ref, ...agentRef(b), passengers: b.Passengers.map(ourPassenger), expectedFare: quote.option.fare },
            ctx(),
          );
        }
        return ok({
          Response: {
            PNR: r.pnr,
            BookingId: Number(r.supplierBookingId),
            IsPriceChanged: false,
            TicketStatus: 1,
            FlightItinerary: {
              PNR: r.pnr,
              BookingId: Number(r.supplierBookingId),
              Segments: r.airlinePnr ? [{ AirlinePNR: r.airlinePnr }] : [],
              Passenger: r.tickets.map((t) => ({
                Ticket: {
                  TicketId: Number(t.ticketId),
                  TicketNumber: t.ticketNumber,
                  ValidatingAirline: t.validatingAirline,
                },
              })),
            },
          },
        });
      }
      case 'bookingDetails': {
        // By the agent's reference (with its trace) when no booking id is given; unknown = no itinerary.
        const d =
          !b.BookingId && b.AgentReferenceNo
            ? await sim.findBooking({ reference: String(b.AgentReferenceNo), traceId: String(b.TraceId ?? '') }, ctx())
            : await sim.bookingDetails({ supplierBookingId: String(b.BookingId) }, ctx());
        if (!d) return ok({ FlightItinerary: null });
        const status = { held: 1, failed: 2, ticketed: 3, cancelled: 4, released: 6, partiallyCancelled: 7 }[d.status];
        return ok({
          FlightItinerary: {
            BookingId: Number(d.supplierBookingId),
            PNR: d.pnr,
            Status: status,
            LastTicketDate: d.lastTicketDate,
            Passenger: d.tickets.map((t) => ({
              Ticket: {
                TicketId: Number(t.ticketId),
                TicketNumber: t.ticketNumber,
                Status: t.status === 'ticketed' ? 'OK' : t.status === 'cancelled' ? 'Cancelled' : 'Reissued',
              },
            })),
            // The itinerary as the airline flies it now (the simulator's schedule changes included).
            ...(d.segments ? { Segments: d.segments.flat().map(tboSegment) } : {}),
          },
        });
      }
      case 'release':
        await sim.release({ supplierBookingId: String(b.BookingId), source: b.Source }, ctx());
        return ok({});
      case 'cancellationCharges': {
        const c = await sim.cancellationCharges(
          {
            supplierBookingId: String(b.BookingId),
            requestType: b.RequestType,
            ...(b.TicketId ? { ticketIds: b.TicketId.map(String) } : {}),
          },
          ctx(),
        );
        return ok({ RefundAmount: c.refundAmount, CancellationCharge: c.cancellationCharge, Currency: c.currency });
      }
      case 'changeRequest': {
        const r = await sim.changeRequest(
          {
            supplierBookingId: String(b.BookingId),
            requestType: b.RequestType,
            cancellationType: b.CancellationType,
            remarks: b.Remarks,
            ...(b.TicketId ? { ticketIds: b.TicketId.map(String) } : {}),
          },
          ctx(),
        );
        return ok({
          TicketCRInfo: r.changeRequests.map((c) => ({
            ChangeRequestId: Number(c.changeRequestId),
            TicketId: Number(c.ticketId),
            Status: 1,
          })),
        });
      }
      case 'changeRequestStatus': {
        const s = await sim.changeRequestStatus({ changeRequestId: String(b.ChangeRequestId) }, ctx());
        const codes = [
          'NotSet',
          'Unassigned',
          'Assigned',
          'Acknowledged',
          'Completed',
          'Rejected',
          'Closed',
          'Pending',
        ];
        return ok({
          ChangeRequestId: Number(s.changeRequestId),
          ChangeRequestStatus: codes.indexOf(s.status),
          RefundedAmount: s.refundedAmount,
          CancellationCharge: s.cancellationCharge,
          ServiceTaxOnRAF: s.serviceTaxOnCharge,
          CreditNoteNo: s.creditNoteNo,
        });
      }
      default:
        return err(STATUS.invalidRequest, `Unknown operation ${op}`);
    }
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const op = byPath.get(req.url ?? '') ?? 'unknown';
      const body = JSON.parse((await readBody(req)) || '{}') as Json;
      stub.calls.push({ op, body });
      const delay = stub.delays[op];
      if (delay) await new Promise((r) => setTimeout(r, delay));
      let answer: Json;
      try {
        answer = await handle(op, body);
      } catch (e) {
        const kind = e instanceof SupplyError ? e.kind : 'failed';
        answer = err(
          kind === 'invalidRequest' || kind === 'expired' ? STATUS.invalidRequest : STATUS.failed,
          (e as Error).message,
        );
      }
      if (res.writableEnded || res.destroyed) return; // the caller gave up (timeout)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    })();
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
