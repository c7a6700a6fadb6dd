/**
 * The email queue worker: delivers rendered mails through SES (functions/src/mail/delivery.ts), with the claims
 * and suppression list of the mail domain, the sending site's name and domain, and the e-ticket PDF rendered by
 * the tickets domain on first use.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { requireConfig } from '#lib/config';
import { log } from '#lib/logger';
import { siteById } from '#lib/tenancy';
import { getBooking } from '../../bookings/index.ts';
import {
  claimMailSent,
  createEmailHandler,
  releaseMailSent,
  suppressedOf,
  type EmailWorkerDeps,
} from '../../mail/index.ts';
import { channelsFor } from '../../notifications/index.ts';

// Fails this worker's cold start, not its first message, when the stack left out its configuration.
requireConfig(['TABLE_NAME']);

let ses: SESv2Client | undefined;

export const wiring: EmailWorkerDeps = {
  claim: claimMailSent,
  release: releaseMailSent,
  suppressed: suppressedOf,
  async wantsMail(siteId, userId, kind) {
    return (await channelsFor(siteId, userId, kind)).mail;
  },
  async sender(siteId) {
    const site = await siteById(siteId);
    return site ? { companyName: site.companyName, domain: site.domain } : null;
  },
  async send(input) {
    ses ??= new SESv2Client({});
    await ses.send(new SendEmailCommand(input));
  },
  async render(siteId, request) {
    const [site, booking] = await Promise.all([siteById(siteId), getBooking(siteId, request.bookingId)]);
    if (!site || !booking) throw new Error(`${request.kind}: booking ${request.bookingId} not found in ${siteId}`);
    // Loaded on first use: pdf-lib and bwip-js cost nothing to a container that only sends plain mail.
    const { eTicketPdfAttachment } = await import('../../tickets/index.ts');
    return eTicketPdfAttachment(site, booking, request);
  },
  now: () => new Date(),
  log,
};

export const handler = createEmailHandler(wiring);
