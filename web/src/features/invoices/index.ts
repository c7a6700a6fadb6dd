/** The invoices feature's public pieces for other features: the link to a source's invoice. */
export { InvoiceLink } from './InvoiceLink.tsx';
