/**
 * THE route table: every endpoint the platform serves. The CDK API stack, the local gateway, the
 * web client and the contract tests all read this list; nothing lists routes twice.
 */
import type { Endpoint } from './endpoint.ts';
import { siteEndpoints } from './endpoints/site.ts';
import { userEndpoints } from './endpoints/users.ts';
import { notificationEndpoints } from './endpoints/notifications.ts';
import { customersEndpoints } from './endpoints/customers.ts';
import { groupsEndpoints } from './endpoints/groups.ts';
import { rbacEndpoints } from './endpoints/rbac.ts';
import { suppliersEndpoints } from './endpoints/suppliers.ts';
import { masterEndpoints } from './endpoints/master.ts';
import { markupEndpoints } from './endpoints/markup.ts';
import { flightEndpoints } from './endpoints/flights.ts';
import { walletEndpoints } from './endpoints/wallet.ts';
import { ticketEndpoints } from './endpoints/tickets.ts';
import { flightAdminEndpoints } from './endpoints/flight-admin.ts';
import { dmcEndpoints } from './endpoints/dmc.ts';
import { areasEndpoints } from './endpoints/areas.ts';
import { dmcOperationsEndpoints } from './endpoints/dmc-operations.ts';
import { kartEndpoints } from './endpoints/kart.ts';
import { settingsEndpoints } from './endpoints/settings.ts';
import { kycEndpoints } from './endpoints/kyc.ts';
import { activitiesEndpoints } from './endpoints/activities.ts';
import { visaEndpoints } from './endpoints/visa.ts';
import { visaApplicationEndpoints } from './endpoints/visa-applications.ts';
import { packagesEndpoints } from './endpoints/packages.ts';
import { enquiryEndpoints } from './endpoints/enquiries.ts';
import { fixedDepartureEndpoints } from './endpoints/fixed-departures.ts';
import { invoicesEndpoints } from './endpoints/invoices.ts';
import { auditEndpoints } from './endpoints/audit.ts';
import { staffEndpoints } from './endpoints/staff.ts';
import { agencyEndpoints } from './endpoints/agency.ts';
import { consoleEndpoints } from './endpoints/console.ts';
import { consoleDomainsEndpoints } from './endpoints/console-domains.ts';
import { disruptionEndpoints } from './endpoints/disruptions.ts';
import { ticketExtrasEndpoints } from './endpoints/ticket-extras.ts';
import { pnrImportEndpoints } from './endpoints/pnr-import.ts';
import { exportsEndpoints } from './endpoints/exports.ts';
import { payablesEndpoints } from './endpoints/dmc-payables.ts';
import { booksEndpoints } from './endpoints/books.ts';
import { kartPaperEndpoints } from './endpoints/kart-paper.ts';

export const ENDPOINTS: readonly Endpoint[] = [
  ...siteEndpoints,
  ...userEndpoints,
  ...notificationEndpoints,
  ...customersEndpoints,
  ...groupsEndpoints,
  ...rbacEndpoints,
  ...suppliersEndpoints,
  ...masterEndpoints,
  ...markupEndpoints,
  ...flightEndpoints,
  ...walletEndpoints,
  ...ticketEndpoints,
  ...flightAdminEndpoints,
  ...dmcEndpoints,
  ...areasEndpoints,
  ...dmcOperationsEndpoints,
  ...kartEndpoints,
  ...activitiesEndpoints,
  ...settingsEndpoints,
  ...kycEndpoints,
  ...visaEndpoints,
  ...visaApplicationEndpoints,
  ...packagesEndpoints,
  ...enquiryEndpoints,
  ...fixedDepartureEndpoints,
  ...invoicesEndpoints,
  ...auditEndpoints,
  ...staffEndpoints,
  ...agencyEndpoints,
  ...consoleEndpoints,
  ...consoleDomainsEndpoints,
  ...disruptionEndpoints,
  ...ticketExtrasEndpoints,
  ...pnrImportEndpoints,
  ...exportsEndpoints,
  ...payablesEndpoints,
  ...booksEndpoints,
  ...kartPaperEndpoints,
];

/** Endpoints served by one domain Lambda. */
export const endpointsOf = (domain: Endpoint['domain']): Endpoint[] => ENDPOINTS.filter((e) => e.domain === domain);
