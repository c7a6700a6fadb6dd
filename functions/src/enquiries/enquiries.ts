/**
 * The enquiry operations (docs/enquiries.md): a visitor's submission (rate-limited, mailed to the
 * site's staff), the staff inbox (list with tab counts, one enquiry, status changes with a note, audited) and a
 * signed-in visitor's own list.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/enquiries';
import { ENQUIRIES_PER_HOUR, ENQUIRY_MSG } from '@tp/contracts/endpoints/enquiries';
import { canMoveTo, ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS } from '@tp/domain/enquiries';
import { countOf } from '@tp/domain/format';
import { renderMail } from '@tp/mail';
import { auditActor, auditPut } from '#lib/audit';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import { reply, answers, type PublicScope, type SignedInScope } from '#lib/answers';
import { appLink, enqueueEmail, mailBrand } from '#lib/mail';
import { notify } from '#lib/notify';
import { withinRateLimit } from '#lib/rate-limit';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import * as repo from './repo.ts';

const HOUR = 3600;

/** Stores a visitor's enquiry and tells the site's staff; answers its id. */
export async function submitEnquiry(
  scope: PublicScope,
  input: ParsedRequestOf<typeof api.submitEnquiry>,
): Promise<{ enquiryId: string }> {
  const { site, now } = scope;
  if (input.travelDate && input.travelDate < siteToday(site, now))
    throw fail.validation(ENQUIRY_MSG.pastTravelDate, { travelDate: ENQUIRY_MSG.pastTravelDate });
  // Both budgets are spent by every attempt: one address cannot flood the inbox, nor one email from many.
  const [byAddress, byEmail] = await Promise.all([
    withinRateLimit(site.siteId, 'enquiry-ip', scope.ip || 'unknown', ENQUIRIES_PER_HOUR.address, HOUR, now),
    withinRateLimit(site.siteId, 'enquiry-email', input.email, ENQUIRIES_PER_HOUR.email, HOUR, now),
  ]);
  if (!byAddress || !byEmail) throw fail.tooMany(ENQUIRY_MSG.tooMany);

  const at = now.toISOString();
  const enquiry: repo.EnquiryRecord = {
    id: newId(),
    version: 1,
    kind: input.kind,
    subjectId: input.subjectId ?? null,
    subjectTitle: input.subjectTitle,
    name: input.name,
    email: input.email,
    phone: input.phone,
    phoneCode: input.phoneCode.toLowerCase(),
    travelDate: input.travelDate ?? null,
    adults: input.adults ?? null,
    children: input.children ?? null,
    message: input.message,
    status: 'new',
    userId: scope.principal?.userId ?? null,
    createdAt: at,
    updatedAt: at,
    history: [],
  };
  await repo.createEnquiry(site.siteId, enquiry);
  // The enquiry is stored whatever happens to the mail: the inbox shows it either way.
  try {
    await mailStaff(site, enquiry);
  } catch (err) {
    scope.log.error('enquiry mail failed', { enquiryId: enquiry.id, error: String(err) });
  }
  // Each staff user as they chose (push, mail): the site's inbox mail above is the site's, not a person's.
  await notify({
    siteId: site.siteId,
    kind: 'newEnquiry',
    to: { staff: true, permission: 'enquiries.manage' },
    title: 'New enquiry',
    body: `${enquiry.name} asked about ${enquiry.subjectTitle}.`,
    path: `/crm?enquiry=${encodeURIComponent(enquiry.id)}`,
    idempotencyKey: `enquiry#${enquiry.id}`,
  });
  return { enquiryId: enquiry.id };
}

function mailStaff(site: SiteRecord, e: repo.EnquiryRecord): Promise<void> {
  if (!site.adminEmail) return Promise.resolve();
  const pax = [e.adults && countOf(e.adults, 'adult'), e.children && countOf(e.children, 'child')].filter(Boolean);
  const mail = renderMail(mailBrand(site), {
    subject: `New ${ENQUIRY_KIND_LABELS[e.kind].toLowerCase()} enquiry: ${e.subjectTitle}`,
    preheader: `${e.name} asked about ${e.subjectTitle}.`,
    heading: 'New enquiry',
    greeting: 'Hello,',
    paragraphs: [
      `${e.name} (${e.email}, ${e.phone}) sent an enquiry about "${e.subjectTitle}".`,
      ...(e.travelDate || pax.length
        ? [
            [e.travelDate && `Travel date: ${e.travelDate}.`, pax.length && `Travellers: ${pax.join(', ')}.`]
              .filter(Boolean)
              .join(' '),
          ]
        : []),
      `Message: ${e.message}`,
    ],
    action: { label: 'Open the CRM inbox', url: appLink(site, '/crm', { enquiry: e.id }) },
  });
  return enqueueEmail({
    siteId: site.siteId,
    to: site.adminEmail,
    ...mail,
    idempotencyKey: `enquiry#${site.siteId}#${e.id}`,
  });
}

export async function listEnquiries(scope: SignedInScope, input: ParsedRequestOf<typeof api.listEnquiries>) {
  const { cursor, limit, ...filter } = input;
  const [page, counts] = await Promise.all([
    repo.queryEnquiries(scope.site.siteId, filter, { cursor, limit, readAhead: 2000 }),
    repo.getCounts(scope.site.siteId),
  ]);
  // Rows leave out the history: the drawer reads it with the enquiry.
  return { records: page.records.map(({ history: _h, ...row }) => row), nextCursor: page.nextCursor, counts };
}

export async function getEnquiry(scope: SignedInScope, id: string): Promise<repo.EnquiryRecord> {
  const found = await repo.getEnquiry(scope.site.siteId, id);
  if (!found) throw fail.notFound(ENQUIRY_MSG.notFound);
  return found;
}

export async function updateStatus(
  scope: SignedInScope,
  input: ParsedRequestOf<typeof api.updateEnquiryStatus>,
): Promise<repo.EnquiryRecord> {
  const { site, now, principal } = scope;
  const before = await getEnquiry(scope, input.id);
  if (before.version !== input.version) throw fail.conflict(ENQUIRY_MSG.changedMeanwhile);
  if (!canMoveTo(before.status, input.status)) {
    const message = ENQUIRY_MSG.notAllowed(ENQUIRY_STATUS_LABELS[before.status], ENQUIRY_STATUS_LABELS[input.status]);
    throw fail.validation(message, { status: message });
  }
  const by = auditActor(principal);
  const at = now.toISOString();
  const after: repo.EnquiryRecord = {
    ...before,
    version: before.version + 1,
    status: input.status,
    updatedAt: at,
    history: [...before.history, { at, from: before.status, to: input.status, note: input.note, by: by.name }],
  };
  const audit = auditPut(
    site.siteId,
    {
      entity: 'enquiry',
      id: before.id,
      action: 'update',
      before: { status: before.status },
      after: { status: after.status, note: input.note },
    },
    by,
    now,
  );
  if (!(await repo.saveStatusChange(site.siteId, before, after, [audit])))
    throw fail.conflict(ENQUIRY_MSG.changedMeanwhile);
  return after;
}

export const myEnquiries = (scope: SignedInScope, input: ParsedRequestOf<typeof api.myEnquiries>) =>
  repo.listMine(scope.site.siteId, scope.principal.userId, input);

// The enquiries Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSubmitEnquiry = answers(api.submitEnquiry, async (input, scope) =>
  reply(await submitEnquiry(scope, input), { message: ENQUIRY_MSG.submitted }),
);
export const answerListEnquiries = answers(api.listEnquiries, (input, scope) => listEnquiries(scope, input));
export const answerGetEnquiry = answers(api.getEnquiry, (input, scope) => getEnquiry(scope, input.id));
export const answerUpdateEnquiryStatus = answers(api.updateEnquiryStatus, async (input, scope) =>
  reply(await updateStatus(scope, input), { message: ENQUIRY_MSG.statusChanged }),
);
export const answerMyEnquiries = answers(api.myEnquiries, (input, scope) => myEnquiries(scope, input));
