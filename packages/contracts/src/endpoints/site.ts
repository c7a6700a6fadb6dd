import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zDomain } from '../fields.ts';
import { lazy } from '../lazy.ts';

export const SITE_MODULES = [
  'FlightsForm',
  'VisaEnquiry',
  'OtherEnquiry',
  'Insurance',
  'Bus',
  'Hotels',
  'Cruise',
  'Train',
  'flights',
  'packages',
  'activities',
  'DMC',
] as const;
export type SiteModule = (typeof SITE_MODULES)[number];

/** Modules that make the CRM entry appear in the non-staff menu (spec 000 §2). */
export const CRM_MODULES: readonly SiteModule[] = [
  'FlightsForm',
  'VisaEnquiry',
  'OtherEnquiry',
  'Insurance',
  'Bus',
  'Hotels',
  'Cruise',
  'Train',
];

const zHex = lazy(() => z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #rrggbb')));

export const ZThemePalette = lazy(() =>
  z.object({
    primary: zHex,
    secondary: zHex,
    background: z.optional(zHex),
    text: z.optional(zHex),
  }),
);

export const ZBrandingSettings = lazy(() =>
  z.object({
    theme: z.object({ palette: ZThemePalette }),
    /** Lock mode: unauthenticated visitors to a locked route go to /login. `lockedRoutes` empty = whole site. */
    lockMode: z.object({ enabled: z.boolean(), lockedRoutes: z.array(z.string()) }),
    popupSettings: z.object({
      enabled: z.boolean(),
      title: z.string(),
      html: z.string(),
      delaySeconds: z.number().check(z.int(), z.minimum(0)),
    }),
    ssrElements: z.object({ baggage: z.boolean(), meal: z.boolean(), seat: z.boolean() }),
  }),
);

export const ZWlMeta = lazy(() =>
  z.object({
    canShowPermissionMenu: z.boolean(),
    googleAuthClientId: z.optional(z.string()),
    facebookAppId: z.optional(z.string()),
  }),
);

/**
 * One page's head tags (staff SEO settings): title, description, keywords and the social-share image,
 * keyed by the page's SPA route path (`/`, `/login`, `/terms_and_conditions`…). Empty fields fall back
 * to the app's defaults (the route title, no description).
 */
export const ZSeoEntry = lazy(() =>
  z.object({
    page: z.string(),
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    image: z.string(),
  }),
);
export type TSeoEntry = z.infer<typeof ZSeoEntry>;

/** A reseller's state as the platform operator sets it (the console's suspend / reactivate). */
export const SITE_STATUSES = ['active', 'suspended'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** What `whitelabel/detetct` returns: public branding only, never credentials. */
export const ZSiteDetails = lazy(() =>
  z.object({
    _id: z.string(),
    companyName: z.string(),
    logoUrl: z.string(),
    adminContact: z.string(),
    adminEmail: z.string(),
    domain: z.string(),
    faviconImage: z.string(),
    gtm_tag: z.string(),
    scriptUrls: z.array(z.string()),
    brandingSettings: ZBrandingSettings,
    wlMeta: ZWlMeta,
    headerHtml: z.string(),
    footerHtml: z.string(),
    modules: z.array(z.enum(SITE_MODULES)),
    /** Where `/` sends visitors (spec: "redirects to an external core site"). Empty = the app's own home. */
    coreSiteUrl: z.string(),
    /** Test hosts show the test-only staff links. */
    isTestHost: z.boolean(),
    /** Per-page head tags (absent on sites never given any). */
    seo: z.optional(z.array(ZSeoEntry)),
    /**
     * 'suspended' when the platform operator suspended the reseller: the SPA shows only a plain notice
     * (CONSOLE_MSG.siteSuspendedNotice). Absent reads as 'active' (sites stored before the console).
     */
    status: z.optional(z.enum(SITE_STATUSES)),
  }),
);
export type TSiteDetails = z.infer<typeof ZSiteDetails>;

export const POLICY_PAGES = [
  'terms_and_conditions',
  'privacy_policy',
  'cancellation_return_refund_policy',
  'api-partner-program',
] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];

export const ZPolicyPage = lazy(() =>
  z.object({
    page: z.enum(POLICY_PAGES),
    title: z.string(),
    html: z.string(),
    updatedAt: z.string(),
  }),
);

export const detectSite = endpoint({
  id: 'site.detect',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/detetct',
  domain: 'site',
  auth: 'public',
  openWhenSuspended: true,
  request: lazy(() => z.object({ domain: zDomain() })),
  response: ZSiteDetails,
  summary: 'Site branding for a domain (path spelled as in the spec).',
});

/** Our own call (the spec shows the policy screens, not how they load): per-site policy html. */
export const getPolicyPage = endpoint({
  id: 'site.policyPage',
  api: 'site',
  method: 'GET',
  path: 'whitelabel/getPolicyPage',
  domain: 'site',
  auth: 'public',
  request: lazy(() => z.object({ page: z.enum(POLICY_PAGES, { error: 'Unknown page' }) })),
  response: ZPolicyPage,
  summary: 'Policy page content of the calling site.',
});

export const siteEndpoints = [detectSite, getPolicyPage];
