/**
 * The enquiries Lambda: visitors' enquiries and the CRM inbox that works them. docs/enquiries.md.
 */
import * as api from '@tp/contracts/endpoints/enquiries';
import { ENQUIRY_MSG } from '@tp/contracts/endpoints/enquiries';
import { operation, reply, type Operation, onDemand } from '#lib/http';
const enquiries = onDemand(() => import('./enquiries.ts'));
const exportOps = onDemand(() => import('./export.ts'));

export const operations: Operation[] = [
  operation(api.submitEnquiry, async (input, scope) =>
    reply(await (await enquiries()).submitEnquiry(scope, input), { message: ENQUIRY_MSG.submitted }),
  ),
  operation(api.listEnquiries, async (input, scope) => (await enquiries()).listEnquiries(scope, input)),
  operation(api.getEnquiry, async (input, scope) => (await enquiries()).getEnquiry(scope, input.id)),
  operation(api.updateEnquiryStatus, async (input, scope) =>
    reply(await (await enquiries()).updateStatus(scope, input), { message: ENQUIRY_MSG.statusChanged }),
  ),
  operation(api.exportEnquiries, async (input, scope) => (await exportOps()).exportEnquiries(scope, input)),
  operation(api.myEnquiries, async (input, scope) => (await enquiries()).myEnquiries(scope, input)),
];
