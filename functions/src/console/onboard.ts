/**
 * Onboarding a reseller: one request makes the site (the same record the demo seed writes, so every screen works
 * for it), its domains, policy pages, default customer group with its default markup, its invoice settings (the
 * legal details) and the supply and gateway it starts with, in one transaction with the console's record and the
 * audit entry. The request carries an idempotency key: a retry answers the site the first one made, never a
 * second; a domain another site holds is refused by name.
 */
import {
  CONSOLE_MSG,
  type GatewayMode,
  type SoldModule,
  type SupplierMode,
  type TOnboardReseller,
  type TReseller,
} from '@tp/contracts/endpoints/console';
import type { SiteModule } from '@tp/contracts/endpoints/site';
import { POLICY_PAGES } from '@tp/contracts/endpoints/site';
import { gstStateOf } from '@tp/domain/gst';
import { env, sandboxPaymentsAllowed } from '#lib/config';
import { newId, sha256 } from '#lib/crypto';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { reply, answers, type OperatorScope } from '#lib/answers';
import { asSiteId, type SiteId } from '#lib/keys';
import { DEFAULT_SITE_TIME_ZONE, normaliseDomain, type SiteRecord } from '#lib/tenancy';
import { newSettingsItem } from '../invoices/index.ts';
import { newRuleItems, newSiteDefaultGroupItems } from '../markup/index.ts';
import { defaultPolicyHtml, newSiteItems, POLICY_TITLES } from '../site/index.ts';
import { auditEntry } from './audit.ts';
import * as repo from './repo.ts';
import { emptyMonth, resellerView, withMonths } from './view.ts';
import * as api from '@tp/contracts/endpoints/console';

type OnboardInput = Omit<TOnboardReseller, 'legalEntity'> & {
  legalEntity: { legalName: string; gstin: string; state: string; pan: string; address: string };
};

/** What a sold module turns on in the SPA (fixed departures ride on flights: their screens follow its module). */
const SITE_MODULES_OF: Record<SoldModule, readonly SiteModule[]> = {
  flights: ['flights', 'FlightsForm'],
  activities: ['activities'],
  packages: ['packages'],
  visas: ['VisaEnquiry'],
  fixedDepartures: ['flights'],
  DMC: ['DMC'],
};

export const siteModulesOf = (sold: readonly SoldModule[]): SiteModule[] => [
  ...new Set(sold.flatMap((m) => SITE_MODULES_OF[m])),
];

/** The bare host a domain is registered under (no port, no `www.`): how sites are resolved. */
export const bareDomains = (domains: readonly string[]): string[] => [
  ...new Set(domains.map((d) => normaliseDomain(d)).filter(Boolean)),
];

/** A readable, unique site id: the first domain's first label and a random tail (`site-acme-3f9a1c`). */
export function newSiteId(mainDomain: string, random: string = newId()): SiteId {
  const label = (mainDomain.split('.')[0] ?? '').replace(/[^a-z0-9-]/g, '').slice(0, 30) || 'reseller';
  return asSiteId(`site-${label}-${random.slice(0, 6)}`);
}

/** Invoice numbers' prefix: the company's initials (up to 3 letters), as staff would pick. */
export function invoicePrefix(companyName: string): string {
  const words = companyName.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  const initials = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? 'INV');
  return initials.slice(0, 3) || 'INV';
}

/** What a retry must ask again to be the same request: everything but the key, in a stable order. */
export function requestHash(input: OnboardInput): string {
  const { idempotencyKey: _key, ...asked } = input;
  const stable = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(stable).join(',')}]`
      : v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : JSON.stringify(v ?? null);
  return sha256(stable(asked));
}

/** The site record a new reseller starts with: its branding, modules, contacts; nothing else a seed site has. */
export function newSiteRecord(
  siteId: SiteId,
  ownerLegalEntityId: string,
  input: OnboardInput,
  domain: string,
): SiteRecord {
  return {
    siteId,
    _id: siteId,
    ownerLegalEntityId,
    companyName: input.companyName,
    logoUrl: '',
    faviconImage: '',
    adminContact: input.adminContact,
    adminEmail: input.adminEmail,
    domain,
    gtm_tag: '',
    scriptUrls: [],
    brandingSettings: {
      theme: { palette: { primary: input.branding.primary, secondary: input.branding.secondary } },
      lockMode: { enabled: false, lockedRoutes: [] },
      popupSettings: { enabled: false, title: '', html: '', delaySeconds: 0 },
      ssrElements: { baggage: true, meal: true, seat: true },
    },
    wlMeta: { canShowPermissionMenu: true },
    headerHtml: '',
    footerHtml: '',
    modules: siteModulesOf(input.modules),
    coreSiteUrl: '',
    // Test-only staff links show where test work happens: the local stack.
    isTestHost: env().STAGE === 'local',
    timeZone: DEFAULT_SITE_TIME_ZONE,
    status: 'active',
  };
}

/** The supply and gateway a reseller starts with, as the flight settings store them; null where staff set it up. */
export function startingSettings(
  supplierMode: SupplierMode,
  gatewayMode: GatewayMode,
): { flightSupply?: unknown; paymentGateway?: unknown } {
  return {
    ...(supplierMode === 'simulator' ? { flightSupply: { kind: 'simulator' } } : {}),
    ...(gatewayMode === 'sandbox' ? { paymentGateway: { kind: 'sandbox' } } : {}),
  };
}

export interface OnboardDeps {
  repo: typeof repo;
}
export const defaultOnboardDeps: OnboardDeps = { repo };

/**
 * Onboards a reseller, or answers the one this request's key already made. The caller's scope holds the operator.
 */
export async function onboard(
  scope: OperatorScope,
  input: OnboardInput,
  deps: OnboardDeps = defaultOnboardDeps,
): Promise<TReseller> {
  const hash = requestHash(input);
  const earlier = await answerEarlier(input.idempotencyKey, hash, deps);
  if (earlier) return earlier;
  if (input.gatewayMode === 'sandbox' && !sandboxPaymentsAllowed())
    throw fail.validation(CONSOLE_MSG.sandboxNotAllowed, { gatewayMode: CONSOLE_MSG.sandboxNotAllowed });
  const domains = bareDomains(input.domains);
  const taken = await deps.repo.takenDomains(domains);
  if (taken.length) throw domainTaken(taken[0]!, input.domains.indexOf(taken[0]!));

  const now = scope.now;
  const at = now.toISOString();
  const siteId = newSiteId(domains[0]!);
  const ownerLegalEntityId = `le-${siteId.slice('site-'.length)}`;
  const site = newSiteRecord(siteId, ownerLegalEntityId, input, domains[0]!);
  const policies = POLICY_PAGES.map((page) => ({
    page,
    title: POLICY_TITLES[page],
    html: defaultPolicyHtml(input.companyName, POLICY_TITLES[page]),
    updatedAt: at,
  }));
  const siteItems = newSiteItems(site, domains, policies);
  const group = { siteId, groupId: newId(), groupName: 'Default', createdAt: at, updatedAt: at };
  const state = gstStateOf(input.legalEntity.state)!;
  const items: TransactItem[] = [
    ...siteItems.items,
    ...newSiteDefaultGroupItems(group, ownerLegalEntityId, input.legalEntity.legalName),
    // The default markup: nothing added until staff decide (the screens show and edit the rule).
    ...newRuleItems({
      siteId,
      markupId: newId(),
      groupId: group.groupId,
      kind: 'default',
      slot: 'ALL',
      markupType: 'fixed',
      markupValue: 0,
      discountType: 'fixed',
      discountValue: 0,
      applyPer: 'booking',
      createdAt: at,
      updatedAt: at,
    }),
    newSettingsItem(
      siteId,
      {
        legalName: input.legalEntity.legalName,
        address: input.legalEntity.address,
        gstin: input.legalEntity.gstin,
        stateCode: state.code,
        prefix: invoicePrefix(input.companyName),
        exchangeRates: [],
      },
      now,
    ),
    ...(await deps.repo.startingSecretsItems(
      siteId,
      startingSettings(input.supplierMode, input.gatewayMode),
      now,
      `operator:${scope.operator.operatorId}`,
    )),
  ];
  const record: repo.ResellerRecord = {
    siteId,
    companyName: input.companyName,
    domains,
    status: 'active',
    goLive: 'pending',
    legalEntity: { ...input.legalEntity, state: state.code },
    adminContact: input.adminContact,
    adminEmail: input.adminEmail,
    modules: input.modules,
    supplierMode: input.supplierMode,
    gatewayMode: input.gatewayMode,
    branding: input.branding,
    createdAt: at,
    createdBy: scope.operator.email,
    suspension: null,
    admin: null,
    onboardKey: input.idempotencyKey,
    requestHash: hash,
  };
  const { onboardKey: _k, requestHash: _h, ...audited } = record;
  const written = await deps.repo.onboard(
    record,
    items,
    auditEntry(scope.operator, 'onboard', siteId, null, audited, now),
  );
  if (written.ok) return resellerView(record, emptyMonth(now));
  if (written.reason === 'key') {
    const concurrent = await answerEarlier(input.idempotencyKey, hash, deps);
    if (concurrent) return concurrent;
  }
  const domain = written.reason === 'item' ? siteItems.domainAt(written.index) : undefined;
  if (domain) throw domainTaken(domain, input.domains.indexOf(domain));
  throw fail.conflict(CONSOLE_MSG.keyReused);
}

function domainTaken(domain: string, index: number) {
  const message = CONSOLE_MSG.domainTaken(domain);
  return fail.conflict(message, { [`domains.${Math.max(0, index)}`]: message });
}

/** The reseller an earlier request with this key made (null when the key is new); a different request is a 409. */
async function answerEarlier(key: string, hash: string, deps: OnboardDeps): Promise<TReseller | null> {
  const earlier = await deps.repo.onboardRequest(key);
  if (!earlier) return null;
  if (earlier.requestHash !== hash) throw fail.conflict(CONSOLE_MSG.keyReused);
  const record = await deps.repo.getReseller(earlier.siteId, true);
  if (!record) throw fail.conflict(CONSOLE_MSG.keyReused);
  return (await withMonths([record], new Date()))[0]!;
}

// The console Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerOnboardReseller = answers(api.onboardReseller, async (input, scope) => {
  const made = await onboard(scope, input);
  return reply(made, { message: CONSOLE_MSG.onboarded(made.companyName) });
});
