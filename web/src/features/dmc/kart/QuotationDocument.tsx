import { Fragment } from 'react';
import { Image, Stack, Text, Title } from '@mantine/core';
import type { QuotationStanding } from '@tp/contracts/endpoints/kart';
import type { QuotationView } from '@tp/domain/dmc';
import { formatDate } from '#shared/format.ts';
import { humanDays, money } from '../shared/format.ts';
import './quotation.css';

/** Who the quotation is from: the site, or the agent when the kart asks for agent branding. */
export interface QuotationBrand {
  name: string;
  logoUrl?: string | null | undefined;
  /** Phone and email, one line under the name. */
  contact?: string | null | undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function paxText(pax: QuotationView['pax']): string {
  const parts = [plural(pax.adults, 'adult')];
  if (pax.child) parts.push(pax.child === 1 ? '1 child' : `${pax.child} children`);
  if (pax.infant) parts.push(plural(pax.infant, 'infant'));
  return parts.join(', ');
}

/**
 * The printed quotation: one component for the staff print view and the public shared page,
 * rendering `quotationView` as is, so the break-up mode decides what is priced in one place (the domain). A4 print
 * rules are in quotation.css: nothing but `.quotation-doc` prints.
 */
/** The document's own line under its title, by where the quotation stands. */
const STANDING_LINES: Record<QuotationStanding, string> = {
  quotation: 'Quotation, subject to availability',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

export function QuotationDocument({
  view,
  brand,
  version,
  standing = 'quotation',
}: {
  view: QuotationView;
  brand: QuotationBrand;
  /** The shared version number, when the document is a shared one. */
  version?: number | null | undefined;
  /** A vouchered quotation is confirmed, not subject to availability any more. */
  standing?: QuotationStanding;
}) {
  const m = (n: number) => money(n, view.currencySymbol);
  // The terms' day once the quotation carries a schedule (a typed deadline is already in it), else the typed one.
  const balanceDue = view.schedule?.balanceDueDate ?? view.paymentDeadline;
  const facts: [string, string][] = [
    ['Quotation', view.quotationId],
    ['Arrival', formatDate(view.arrivalDate)],
    ['Duration', `${plural(view.noOfDays, 'day')}, ${plural(view.noOfNights, 'night')}`],
    ['Travellers', paxText(view.pax)],
    ['Valid till', formatDate(view.validTill)],
    ...(balanceDue ? [['Payment due by', formatDate(balanceDue)] as [string, string]] : []),
    ...(version ? [['Version', String(version)] as [string, string]] : []),
  ];
  return (
    <article className="quotation-doc" aria-label={`Quotation ${view.quotationId}`}>
      <header className="quotation-head">
        <div className="quotation-brand">
          {brand.logoUrl && <Image src={brand.logoUrl} alt="" h={44} w="auto" fit="contain" />}
          <div>
            {brand.name && (
              <Text fw={700} size="lg">
                {brand.name}
              </Text>
            )}
            {brand.contact && (
              <Text size="sm" className="quotation-detail">
                {brand.contact}
              </Text>
            )}
          </div>
        </div>
        <div className="quotation-title">
          <Title order={1} size="h3">
            {view.kartName}
          </Title>
          <Text size="sm" fw={standing === 'quotation' ? undefined : 700}>
            {STANDING_LINES[standing]}
          </Text>
        </div>
      </header>

      <dl className="quotation-facts">
        {facts.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Fragment>
        ))}
      </dl>

      {view.passengers.length > 0 && (
        <section className="quotation-section" aria-label="Passengers">
          <Title order={2} size="h5">
            Passengers
          </Title>
          <Text size="sm">
            {view.passengers.map((p) => [p.title, p.firstName, p.lastName].join(' ').trim()).join(', ')}
          </Text>
        </section>
      )}

      {view.sections.map((s) => (
        <section className="quotation-section" key={s.section} aria-label={s.title}>
          <Title order={2} size="h5">
            {s.title}
          </Title>
          <table className="quotation-table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                {view.mode === 'full' && (
                  <th scope="col" className="quotation-amount">
                    Price
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {s.lines.map((l) => (
                <tr key={l.id}>
                  <td>
                    <strong>{l.title}</strong>
                    {l.details.map((d) => (
                      <div key={d} className="quotation-detail">
                        {humanDays(d)}
                      </div>
                    ))}
                  </td>
                  {l.price !== null && <td className="quotation-amount">{m(l.price)}</td>}
                </tr>
              ))}
            </tbody>
            {s.total !== null && (
              <tfoot>
                <tr>
                  <th scope="row" className={view.mode === 'full' ? undefined : 'quotation-amount'}>
                    {s.title} total
                  </th>
                  <td className="quotation-amount">{m(s.total)}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </section>
      ))}

      {view.grandTotal !== null && (
        <section className="quotation-section quotation-totals" aria-label="Total">
          <table className="quotation-table">
            <tbody>
              {view.charges.map((c) => (
                <tr key={c.key}>
                  <th scope="row">{c.label}</th>
                  <td className="quotation-amount">{c.key === 'discount' ? `− ${m(c.amount)}` : m(c.amount)}</td>
                </tr>
              ))}
              <tr className="quotation-grand">
                <th scope="row">Total</th>
                <td className="quotation-amount">{m(view.grandTotal)}</td>
              </tr>
              {view.schedule && (
                <>
                  <tr>
                    <th scope="row">
                      Deposit on acceptance
                      {view.schedule.depositKind === 'percent' ? ` (${view.schedule.depositValue} %)` : ''}
                    </th>
                    <td className="quotation-amount">{m(view.schedule.deposit)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Balance by {formatDate(view.schedule.balanceDueDate)}</th>
                    <td className="quotation-amount">{m(view.schedule.balance)}</td>
                  </tr>
                </>
              )}
              {view.payment && view.payment.collectedPayment > 0 && (
                <>
                  <tr>
                    <th scope="row">Paid</th>
                    <td className="quotation-amount">{m(view.payment.collectedPayment)}</td>
                  </tr>
                  <tr>
                    <th scope="row">Balance due</th>
                    <td className="quotation-amount">{m(view.payment.balanceDue)}</td>
                  </tr>
                </>
              )}
            </tbody>
          </table>
        </section>
      )}

      {view.remarkForCustomer.trim() && (
        <section className="quotation-section" aria-label="Remarks">
          <Title order={2} size="h5">
            Remarks
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {view.remarkForCustomer}
          </Text>
        </section>
      )}

      <Stack component="footer" gap={2} className="quotation-terms">
        <Text size="xs">
          Valid till {formatDate(view.validTill)}
          {balanceDue ? `; the balance is due by ${formatDate(balanceDue)}` : ''}.
          {standing === 'quotation' && ' Prices are subject to availability at the time of booking.'}
        </Text>
      </Stack>
    </article>
  );
}
