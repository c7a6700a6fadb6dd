import { Alert, Button, Group, Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { FD_TEXT, printFixedDeparture, type TFdPrint } from '@tp/contracts/endpoints/fixed-departures';
import { PAX_NAME } from '@tp/contracts/endpoints/flights';
import { ApiError } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate, formatDateTime, formatMoney } from '#shared/format.ts';
import './print.css';

function Document({ print }: { print: TFdPrint }) {
  const b = print.booking;
  const money = (n: number) => formatMoney(n, b.fare.currency);
  const segments = b.segments.flat();
  return (
    <article className="fd-doc" aria-label="Fixed-departure booking">
      <header className="fd-head">
        <div>
          {print.site.logoUrl && <img src={print.site.logoUrl} alt={print.site.companyName} height={40} />}
          <div style={{ fontWeight: 700, fontSize: 18 }}>{print.site.companyName}</div>
          <div style={{ fontSize: 13, color: '#4b5563' }}>
            {[print.site.adminContact, print.site.adminEmail].filter(Boolean).join(' · ')}
          </div>
        </div>
        <dl className="fd-facts">
          <dt>Booking</dt>
          <dd>{b.bookingId}</dd>
          <dt>Reference (PNR)</dt>
          <dd>
            <strong>{b.pnr}</strong>
          </dd>
          <dt>Status</dt>
          <dd>{b.status}</dd>
          <dt>Booked on</dt>
          <dd>{formatDate(b.createdAt)}</dd>
        </dl>
      </header>
      <h1 style={{ fontSize: 20, margin: '0 0 4px' }}>{print.title || 'Fixed departure'}</h1>
      <section className="fd-section" aria-labelledby="fd-flights">
        <h2 id="fd-flights">Flights</h2>
        <div className="fd-table-wrap">
          <table className="fd-table">
            <thead>
              <tr>
                <th scope="col">Flight</th>
                <th scope="col">Departs</th>
                <th scope="col">Arrives</th>
                <th scope="col">Baggage</th>
              </tr>
            </thead>
            <tbody>
              {segments.map((s) => (
                <tr key={`${s.flightNumber}${s.departureTime}`}>
                  <td>
                    {s.airlineName} {s.airlineCode} {s.flightNumber}
                  </td>
                  <td>
                    {s.originCityName} ({s.originAirportCode}){s.originTerminal ? ` T${s.originTerminal}` : ''}
                    <br />
                    {formatDateTime(s.departureTime)}
                  </td>
                  <td>
                    {s.destinationCityName} ({s.destinationAirportCode})
                    {s.destinationTerminal ? ` T${s.destinationTerminal}` : ''}
                    <br />
                    {formatDateTime(s.arrivalTime)}
                  </td>
                  <td>
                    {[s.baggage && `${s.baggage} check-in`, s.cabinBaggage && `${s.cabinBaggage} cabin`]
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="fd-section" aria-labelledby="fd-pax">
        <h2 id="fd-pax">Passengers</h2>
        <div className="fd-table-wrap">
          <table className="fd-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                {print.showPrice && (
                  <th scope="col" className="fd-amount">
                    Fare
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {b.passengers.map((p, i) => (
                <tr key={i}>
                  <td>{i + 1}</td>
                  <td>
                    {p.title} {p.firstName} {p.lastName}
                  </td>
                  <td>{PAX_NAME[p.paxType]}</td>
                  {print.showPrice && <td className="fd-amount">{money(p.fare.totalFare)}</td>}
                </tr>
              ))}
            </tbody>
            {print.showPrice && (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Total paid
                  </th>
                  <td className="fd-amount">
                    <strong>{money(b.fare.totalPayable)}</strong>
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      </section>
      <p className="fd-note">
        Group fare: {b.isRefundable ? 'refundable under the fare rules' : 'non-refundable'}; names cannot be changed.
        Carry a photo ID{b.isDomestic ? '' : ' and a passport valid for 6 months'} and reach the airport 3 hours before
        departure.
      </p>
    </article>
  );
}

/**
 * /flight/fixedDeparture/print/:fdSlug (spec 000 §2, public): one fixed-departure booking for printing on A4
 * (or saving as PDF). Prices show only to the booker and the site's staff; a forwarded link shows none.
 */
export default function FixedDeparturePrintPage() {
  const { fdSlug = '' } = useParams();
  const print = useApi(printFixedDeparture, { fdSlug }, { call: { handling: 'navigation' } });
  if (print.error instanceof ApiError && (print.error.status === 404 || print.error.status === 400))
    return (
      <Alert color="gray" role="status" maw={600} mx="auto">
        {FD_TEXT.printNotFound}
      </Alert>
    );
  return (
    <AsyncContent data={print.data} error={print.error} onRetry={() => void print.mutate()} loadingLabel="Booking">
      {(p) => (
        <Stack gap="md">
          <Group className="fd-actions" justify="flex-end" maw="190mm" w="100%" mx="auto">
            <Button onClick={() => window.print()}>Print</Button>
          </Group>
          <Document print={p} />
        </Stack>
      )}
    </AsyncContent>
  );
}
