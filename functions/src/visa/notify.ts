/**
 * What a visa application's steps tell people. Each step is a named event; today the applicant's steps are mailed
 * (through the email queue, once per application version and step). Events staff act on (a document uploaded, the
 * requested documents back) are pushed to staff as each chose (lib/notify.ts): one place for every channel.
 */
import { formatMoney } from '@tp/domain/format';
import { visaApplicationMail, type VisaMailStep } from '@tp/mail';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { notify } from '#lib/notify';
import type { Logger } from '#lib/logger';
import type { SiteRecord } from '#lib/tenancy';
import type { ApplicationRecord } from './applications-repo.ts';

export type VisaEvent =
  /** For the applicant. */
  | 'visa.submitted'
  | 'visa.documentRequested'
  | 'visa.lodged'
  | 'visa.approved'
  | 'visa.rejected'
  | 'visa.cancelled'
  /** For staff. */
  | 'visa.documentUploaded'
  | 'visa.documentsReturned';

const APPLICANT_MAIL: Partial<Record<VisaEvent, VisaMailStep>> = {
  'visa.submitted': 'submitted',
  'visa.documentRequested': 'documentRequested',
  'visa.lodged': 'lodged',
  'visa.approved': 'approved',
  'visa.rejected': 'rejected',
  'visa.cancelled': 'cancelled',
};

/** The applicant's screen of an application. */
export const applicationPath = (id: string) => `/visa-applications/${encodeURIComponent(id)}`;

/** Tells the people an event concerns. Best effort: the step is committed, a lost mail is logged. */
export async function announce(
  site: SiteRecord,
  event: VisaEvent,
  app: ApplicationRecord,
  log: Logger,
  detail: { document?: string } = {},
): Promise<void> {
  const step = APPLICANT_MAIL[event];
  if (event === 'visa.documentUploaded' || event === 'visa.documentsReturned')
    await notify({
      siteId: site.siteId,
      kind: 'visaDocumentUploaded',
      to: { staff: true, permission: 'visa.applications' },
      title: event === 'visa.documentsReturned' ? 'Visa documents back' : 'Visa document uploaded',
      body: `${app.reference} (${app.countryName} – ${app.visaCategory})${detail.document ? `: ${detail.document}` : ''}`,
      path: `/staff/visa-applications?application=${encodeURIComponent(app.id)}`,
      idempotencyKey: `visa#${app.id}#v${app.version}#${event}`,
    });
  try {
    if (step && app.userEmail) {
      const firstName = app.userName.split(' ')[0] ?? '';
      const mail = visaApplicationMail(mailBrand(site), step, {
        firstName,
        reference: app.reference,
        visa: `${app.countryName} – ${app.visaCategory}`,
        link: appLink(site, applicationPath(app.id)),
        ...(step === 'submitted' ? { paid: formatMoney(app.paidAmount, app.fee.currency) } : {}),
        ...(app.refundedAmount > 0 && (step === 'rejected' || step === 'cancelled')
          ? { refunded: formatMoney(app.refundedAmount, app.fee.currency) }
          : {}),
        ...(detail.document ? { document: detail.document } : {}),
        ...(app.decisionNote ? { note: app.decisionNote } : {}),
        ...(app.embassyReference ? { embassyReference: app.embassyReference } : {}),
      });
      await enqueueEmail({
        siteId: site.siteId,
        to: app.userEmail,
        ...mail,
        idempotencyKey: `visa-${app.id}-v${app.version}-${event}`,
      });
    }
  } catch (err) {
    log.error('visa mail not queued', { applicationId: app.id, event, error: String(err) });
  }
}
