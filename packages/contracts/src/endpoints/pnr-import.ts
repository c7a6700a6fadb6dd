/**
 * PNR import (ours): staff bring in a booking made outside the platform (TBO by PNR and last name,
 * Duffel by order id, the simulator by its own PNRs) for a customer of the site. It becomes an ordinary ticketed
 * booking of that customer (queues, e-ticket, change requests, invoice); no wallet money moves. Served by the
 * tickets Lambda.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmail, zName, zSupplierRef } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZSegment } from './flights.ts';

export const PNR_IMPORT_MSG = {
  notFound: 'No booking was found for this PNR and last name at the supplier.',
  alreadyImported: 'This PNR is already a booking on this site',
  notTicketed: 'Only a ticketed booking can be imported: this one is not ticketed at the supplier.',
  otherSupplier: "This site's flights come from another supplier: choose the site's own supplier.",
  unsupported: 'This supplier does not let bookings be looked up by PNR.',
  noCustomer: 'No customer of this site has this email',
  staffCustomer: 'Choose a customer: a staff account cannot own a booking',
  imported: 'Booking imported',
} as const;

export const IMPORT_SUPPLIERS = ['simulator', 'tbo', 'duffel'] as const;
export const IMPORT_SUPPLIER_LABELS: Record<(typeof IMPORT_SUPPLIERS)[number], string> = {
  simulator: 'Flight simulator (test inventory)',
  tbo: 'TBO (by PNR and last name)',
  duffel: 'Duffel (by order id)',
};

export const ZPnrImportRequest = lazy(() =>
  z.object({
    supplier: z.enum(IMPORT_SUPPLIERS),
    /** The PNR (TBO, simulator) or the order id (Duffel, `ord_…`). */
    pnr: zSupplierRef().check(z.trim(), z.maxLength(40)),
    lastName: zName(),
    /** The customer of the site who will own the booking. */
    customerEmail: zEmail(),
  }),
);
export type TPnrImportRequest = z.infer<typeof ZPnrImportRequest>;

export const ZPnrImportPreview = lazy(() =>
  z.object({
    pnr: z.string(),
    supplier: z.enum(IMPORT_SUPPLIERS),
    supplierBookingId: z.string(),
    airlineCode: z.string(),
    airlineName: z.string(),
    segments: z.array(z.array(ZSegment)),
    passengers: z.array(z.object({ name: z.string(), paxType: z.number(), ticketNumber: z.nullable(z.string()) })),
    customer: z.object({ userId: z.string(), name: z.string(), email: z.string(), userType: z.string() }),
    currency: z.string(),
    /** The airline's fare through the supplier, and what the customer is invoiced (with the site's markup). */
    supplierFare: z.number(),
    invoiceTotal: z.number(),
    testInventory: z.boolean(),
  }),
);
export type TPnrImportPreview = z.infer<typeof ZPnrImportPreview>;

const IMPORT_DOMAIN = 'tickets' as const;

export const previewPnrImport = endpoint({
  id: 'flights.previewPnrImport',
  api: 'flight',
  method: 'POST',
  path: 'api/previewPnrImport',
  domain: IMPORT_DOMAIN,
  auth: 'staff',
  permission: 'flights.importPnr',
  request: ZPnrImportRequest,
  response: ZPnrImportPreview,
  summary: 'What the supplier holds under the PNR (and last name), priced for the chosen customer, before importing.',
});

export const importPnr = endpoint({
  id: 'flights.importPnr',
  api: 'flight',
  method: 'POST',
  path: 'api/importPnr',
  domain: IMPORT_DOMAIN,
  auth: 'staff',
  permission: 'flights.importPnr',
  request: ZPnrImportRequest,
  response: lazy(() => z.object({ bookingId: z.string(), pnr: z.string() })),
  summary:
    "Imports the PNR as a ticketed booking of the customer (once per site: the PNR's guard); no wallet money moves.",
});

export const pnrImportEndpoints = [previewPnrImport, importPnr];
