/**
 * The enquiries Lambda (issue #15): visitors' enquiries and the CRM inbox that works them. docs/enquiries.md.
 */
import * as api from '@tp/contracts/endpoints/enquiries';
import { ENQUIRY_MSG } from '@tp/contracts/endpoints/enquiries';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import * as enquiries from './enquiries.ts';
import { exportEnquiries } from './export.ts';

export const operations: Operation[] = [
  operation(api.submitEnquiry, async (input, scope) =>
    reply(await enquiries.submitEnquiry(scope, input), { message: ENQUIRY_MSG.submitted }),
  ),
  operation(api.listEnquiries, (input, scope) => enquiries.listEnquiries(scope, input)),
  operation(api.getEnquiry, (input, scope) => enquiries.getEnquiry(scope, input.id)),
  operation(api.updateEnquiryStatus, async (input, scope) =>
    reply(await enquiries.updateStatus(scope, input), { message: ENQUIRY_MSG.statusChanged }),
  ),
  operation(api.exportEnquiries, (input, scope) => exportEnquiries(scope, input)),
  operation(api.myEnquiries, (input, scope) => enquiries.myEnquiries(scope, input)),
];

export const handler = domainHandler(operations, { sends: ['EMAIL_QUEUE_URL'] });
