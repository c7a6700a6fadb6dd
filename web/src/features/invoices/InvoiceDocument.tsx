import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { invoicePath, type TInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import { conversionText } from '@tp/domain/gst';
import { formatDate, formatMoney } from '#shared/format.ts';
import './invoice.css';

type Party = TInvoiceDocument['recipient'];

export const documentTitle = (d: Pick<TInvoiceDocument, 'docType'>): string =>
  d.docType === 'invoice' ? 'Tax invoice' : 'Credit note';

function PartyBlock({ heading, party, unregistered }: { heading: string; party: Party; unregistered?: boolean }) {
  return (
    <div>
      <Text size="sm" fw={700}>
        {heading}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.address && <Text size="sm">{party.address}</Text>}
      <Text size="sm">{party.gstin ? `GSTIN ${party.gstin}` : unregistered ? 'Unregistered (no GSTIN)' : ''}</Text>
      {party.pan && <Text size="sm">PAN {party.pan}</Text>}
      {party.state && <Text size="sm">State {party.state}</Text>}
    </div>
  );
}

/**
 * The printed tax invoice or credit note: what rule 46 / 53 of the CGST Rules asks an invoice to show,
 * in the order an accountant reads it. One component for the screen and the A4 print (invoice.css).
 */
export function InvoiceDocument({ doc: d }: { doc: TInvoiceDocument }) {
  const m = (n: number) => formatMoney(n, d.currency);
  const title = documentTitle(d);
  return (
    <article className="invoice-doc" aria-label={`${title} ${d.number}`}>
      <header className="invoice-head">
        <div>
          <Title order={2} size="h3">
            {d.supplier.name}
          </Title>
          <Text size="sm">{d.supplier.address}</Text>
          <Text size="sm">
            GSTIN {d.supplier.gstin} · State {d.supplier.state}
          </Text>
        </div>
        <div className="invoice-title">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text fw={700} data-testid="invoice-number">
            No. {d.number}
          </Text>
          <Text size="sm">Date {formatDate(d.issueDate)}</Text>
          {d.against && (
            <Text size="sm">
              Against invoice{' '}
              <Anchor component={Link} to={invoicePath(d.against.id)} size="sm">
                {d.against.number}
              </Anchor>{' '}
              of {formatDate(d.against.issueDate)}
            </Text>
          )}
        </div>
      </header>
      <div className="invoice-parties">
        <PartyBlock heading="Billed to" party={d.recipient} unregistered />
        <div>
          <Text size="sm">
            <b>Place of supply</b> {d.placeOfSupply}
          </Text>
          <Text size="sm">
            <b>Reverse charge</b> {d.reverseCharge ? 'Yes' : 'No'}
          </Text>
          <Text size="sm">
            <b>Reference</b> {d.sourceRef}
          </Text>
          <Text size="sm">
            <b>SAC</b> {d.sac} ({d.sacDescription})
          </Text>
          {d.reason && (
            <Text size="sm">
              <b>Reason</b> {d.reason}
            </Text>
          )}
        </div>
      </div>
      <table className="invoice-table" aria-label={`${title} lines`}>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">SAC</th>
            <th scope="col" className="invoice-amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {d.lines.map((l) => (
            <tr key={l.description}>
              <td>{l.description}</td>
              <td>{l.sac || '–'}</td>
              <td className="invoice-amount">{m(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="invoice-table" aria-label="Tax">
        <tbody>
          <tr>
            <th scope="row">Taxable value{d.supplyType === 'zeroRated' ? ' (zero-rated supply)' : ''}</th>
            <td className="invoice-amount" data-testid="invoice-taxable">
              {m(d.taxableValue)}
            </td>
          </tr>
          {d.supplyType === 'intraState' ? (
            <>
              <tr>
                <th scope="row">CGST @ {d.rate / 2}%</th>
                <td className="invoice-amount" data-testid="invoice-cgst">
                  {m(d.cgst)}
                </td>
              </tr>
              <tr>
                <th scope="row">SGST @ {d.rate / 2}%</th>
                <td className="invoice-amount" data-testid="invoice-sgst">
                  {m(d.sgst)}
                </td>
              </tr>
            </>
          ) : (
            <tr>
              <th scope="row">IGST @ {d.rate}%</th>
              <td className="invoice-amount" data-testid="invoice-igst">
                {m(d.igst)}
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">Collected as pure agent (not our supply)</th>
            <td className="invoice-amount">{m(d.reimbursement)}</td>
          </tr>
          <tr className="invoice-total">
            <th scope="row">{d.docType === 'invoice' ? 'Total' : 'Total credited'}</th>
            <td className="invoice-amount" data-testid="invoice-total">
              {m(d.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <Text size="sm" mt="xs">
        {d.amountInWords}
      </Text>
      {d.conversion && (
        <Text size="sm" data-testid="invoice-conversion">
          {conversionText(d.conversion)}
        </Text>
      )}
      {d.creditNotes.length > 0 && (
        <Text size="sm" mt="xs">
          Credit notes:{' '}
          {d.creditNotes.map((n, i) => (
            <span key={n.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={invoicePath(n.id)} size="sm">
                {n.number}
              </Anchor>{' '}
              ({m(n.total)})
            </span>
          ))}
        </Text>
      )}
      <p className="invoice-foot">
        Air fares and supplier prices are collected as a pure agent and are not part of our taxable supply. This is a
        computer-generated document and needs no signature.
      </p>
    </article>
  );
}
