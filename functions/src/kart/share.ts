/**
 * Sharing a quotation by link (docs/dmc.md "Karts" → "API"). A share freezes the kart's current
 * version as its printable view under an unguessable slug (lib/crypto.ts `newToken`, 256 bits); sharing the same
 * version again answers the same link, a changed kart gets a new slug, and old slugs keep reading their copy.
 * The public read shows the frozen view and its branding: the site's, or with the kart's agent branding on, the
 * agent's (the kart customer's company, logo, phone and email, frozen with the share so the agent's copy never
 * changes under them). Never the internal remark or driver data.
 */
import type { TSharedQuotation } from '@tp/contracts/endpoints/kart';
import { KART_MSG, standingOf } from '@tp/contracts/endpoints/kart';
import { freezeRates, quotationView } from '@tp/domain/dmc';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { newToken } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import { getUser } from '../users/records.ts';
import type { KartScope } from './karts.ts';
import { shareUrl, type KartRecord } from './model.ts';
import * as repo from './repo.ts';
import * as api from '@tp/contracts/endpoints/kart';
import { answers, reply } from '#lib/answers';

export async function shareKart(
  scope: KartScope,
  id: string,
): Promise<{ slug: string; version: number; url: string; sharedAt: string }> {
  const siteId = scope.site.siteId;
  const kart = await repo.getKart(siteId, id);
  if (!kart) throw fail.notFound();
  const answer = (s: NonNullable<KartRecord['share']>) => ({ ...s, url: shareUrl(scope.site, s.slug) });
  if (kart.share && kart.share.version === kart.version) return answer(kart.share);

  const share = { slug: newToken(), version: kart.version, sharedAt: scope.now.toISOString() };
  const agent = kart.isAgentBranding ? await agentBranding(siteId, kart) : null;
  // What the customer was shown is what they pay: the exchange rates of this version are frozen with the share.
  const after: KartRecord = { ...kart, share, frozenRates: freezeRates(kart.frozenRates, kart) };
  const items = [
    // Same version: sharing changes no content, but a save in between must not be shared unseen.
    repo.kartPut(siteId, after, kart.version),
    repo.sharePut(siteId, {
      ...share,
      kartId: kart.id,
      // Collected payment and balance are between staff and the customer, not for whoever holds the link.
      quotation: { ...quotationView(kart, kart.totals, kart.priceBreakup), payment: null },
      agent,
    }),
    auditPut(siteId, recordChange('kart', kart.id, kart, after), auditActor(scope.principal), scope.now),
  ];
  if (!(await repo.commit(items))) throw fail.conflict(KART_MSG.changedMeanwhile);
  return answer(share);
}

/**
 * The agent's branding: the kart customer's company (else their legal entity's or their own name), logo, primary
 * phone and email. Nothing of the site's, not even its domain.
 */
async function agentBranding(siteId: SiteId, kart: KartRecord): Promise<repo.SharedBranding> {
  const user = await getUser(siteId, kart.customerId);
  const phone = user?.phoneNumbers.find((p) => p.label === 'Primary') ?? user?.phoneNumbers[0];
  return {
    companyName: user?.companyName?.trim() || user?.legalEntityName || kart.customerName,
    logoUrl: user?.taLogoUrl ?? '',
    adminContact: phone?.phoneNumber ?? kart.customerPhone,
    adminEmail: user?.email ?? '',
    domain: '',
  };
}

const UNBRANDED: repo.SharedBranding = { companyName: '', logoUrl: '', adminContact: '', adminEmail: '', domain: '' };

export async function sharedQuotation(site: SiteRecord, slug: string): Promise<TSharedQuotation> {
  const shared = await repo.getShare(site.siteId, slug);
  if (!shared) throw fail.notFound(KART_MSG.sharedNotFound);
  const agentBranded = shared.quotation.isAgentBranding;
  // The frozen copy never changes; where the quotation stands now is read live (vouchered, cancelled, shared again).
  const kart = await repo.getKart(site.siteId, shared.kartId);
  return {
    slug: shared.slug,
    version: shared.version,
    sharedAt: shared.sharedAt,
    quotation: shared.quotation,
    standing: {
      status: kart ? standingOf(kart) : 'cancelled',
      newerSharedAt: kart?.share && kart.share.slug !== shared.slug ? kart.share.sharedAt : null,
    },
    brandedBy: agentBranded ? 'agent' : 'site',
    // A share made before agent branding was carried stays unbranded, as it was shown then.
    branding: agentBranded
      ? (shared.agent ?? UNBRANDED)
      : {
          companyName: site.companyName,
          logoUrl: site.logoUrl,
          adminContact: site.adminContact,
          adminEmail: site.adminEmail,
          domain: site.domain,
        },
  };
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerShareKart = answers(api.shareKart, async (input, scope) =>
  reply(await shareKart(scope, input.id), { message: KART_MSG.shared }),
);
export const answerGetSharedQuotation = answers(api.getSharedQuotation, (input, scope) =>
  sharedQuotation(scope.site, input.slug),
);
