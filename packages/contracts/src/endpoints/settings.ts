/**
 * Staff site settings: /staff/setting/seo-settings and /staff/setting/other-settings.
 * The spec names the screens and their toasts, not the calls: these paths are ours (docs/site-settings.md).
 * They run in their own `settings` Lambda so the site Lambda (whitelabel/detetct, on every page load)
 * stays small.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmail, zLongText, zName, zRichHtml, zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import * as MSG from '../messages.ts';
import { zImageUpload, zMediaImage } from '../media.ts';
import { SPA_ROUTES } from '../spa-routes.ts';
import { POLICY_PAGES, ZBrandingSettings, ZPolicyPage, ZSeoEntry, ZThemePalette } from './site.ts';

export const SETTINGS_MSG = {
  saved: MSG.settingSaved,
  /** The spec shows both spellings; the SEO screen uses the lower-case one. */
  seoSaved: MSG.settingSavedLower,
  imageSaved: 'Image saved',
  unknownPage: 'Choose a page of this site',
  duplicatePage: 'This page already has settings',
  invalidGtm: 'Tag Manager id looks like GTM-XXXXXXX',
  invalidScriptUrl: 'Script URLs must be https addresses',
  invalidRoute: 'Routes start with /',
  invalidImageUrl: 'Use an https address or an uploaded image',
  /** Third-party script runs with every visitor's session; a super admin decides. */
  scriptsSuperAdminOnly: "Only a super admin can change the site's Tag Manager id and script URLs",
} as const;

/** Header, footer and popup html: 20 KB each is far beyond any real banner. */
export const SITE_HTML_MAX = 20 * 1024;
export const MAX_SCRIPT_URLS = 10;
export const MAX_LOCKED_ROUTES = 50;

/** Pages a visitor (or a search engine) can land on: public and signed-in screens, not staff ones. */
export const SEO_PAGES: readonly { path: string; title: string }[] = SPA_ROUTES.filter(
  (r) => (r.access === 'public' || r.access === 'login') && r.path !== '*',
).map((r) => ({ path: r.path, title: r.title }));
const SEO_PAGE_PATHS = new Set(SEO_PAGES.map((p) => p.path));

/** An image reference: an https URL, or a path on the site itself (`/media/…`, `/app/brand/…`). */
const zImageRef = () =>
  z.string().check(
    z.trim(),
    z.maxLength(2048, MSG.tooLong(2048)),
    z.refine((v) => v === '' || /^https:\/\/[^\s"'<>]+$/.test(v) || /^\/[A-Za-z0-9/_.-]*$/.test(v), {
      error: SETTINGS_MSG.invalidImageUrl,
    }),
  );

export const zSeoEntryInput = lazy(() =>
  z.object({
    page: z.string().check(z.refine((p) => SEO_PAGE_PATHS.has(p), { error: SETTINGS_MSG.unknownPage })),
    title: zShortText({ required: false, max: 70 }),
    description: zLongText(300, { required: false }),
    keywords: zLongText(300, { required: false }),
    image: zImageRef(),
  }),
);

export const ZSeoSettingsInput = lazy(() =>
  z.object({
    entries: z.array(zSeoEntryInput).check(
      z.maxLength(SEO_PAGES.length),
      z.superRefine((entries, ctx) => {
        const seen = new Set<string>();
        entries.forEach((e, i) => {
          if (seen.has(e.page))
            ctx.addIssue({ code: 'custom', message: SETTINGS_MSG.duplicatePage, path: [i, 'page'] });
          seen.add(e.page);
        });
      }),
    ),
  }),
);

const zGtm = () =>
  z.string().check(z.trim(), z.toUpperCase(), z.regex(/^(GTM-[A-Z0-9]{4,12})?$/, SETTINGS_MSG.invalidGtm));

const zScriptUrl = () =>
  z.string().check(
    z.trim(),
    z.maxLength(2048, MSG.tooLong(2048)),
    z.refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'https:' && !u.username && !u.password;
        } catch {
          return false;
        }
      },
      { error: SETTINGS_MSG.invalidScriptUrl },
    ),
  );

const zHtml = () => zRichHtml(SITE_HTML_MAX);

/** What the Other Settings screen saves in one go (logo and favicon go through the upload call). */
export const ZOtherSettingsInput = lazy(() =>
  z.object({
    companyName: zName(),
    adminContact: zShortText({ required: false }),
    adminEmail: zEmail(),
    brandingSettings: z.object({
      theme: z.object({ palette: ZThemePalette }),
      lockMode: z.object({
        enabled: z.boolean(),
        lockedRoutes: z
          .array(z.string().check(z.trim(), z.maxLength(200), z.regex(/^\/[^\s#]*$/, SETTINGS_MSG.invalidRoute)))
          .check(z.maxLength(MAX_LOCKED_ROUTES)),
      }),
      popupSettings: z.object({
        enabled: z.boolean(),
        title: zShortText({ required: false }),
        html: zHtml(),
        delaySeconds: z.number().check(z.int(), z.minimum(0), z.maximum(600)),
      }),
      ssrElements: z.object({ baggage: z.boolean(), meal: z.boolean(), seat: z.boolean() }),
    }),
    headerHtml: zHtml(),
    footerHtml: zHtml(),
    gtm_tag: zGtm(),
    scriptUrls: z.array(zScriptUrl()).check(z.maxLength(MAX_SCRIPT_URLS)),
  }),
);
export type TOtherSettingsInput = z.input<typeof ZOtherSettingsInput>;

/** Everything the two screens edit, as stored (html already sanitised). */
export const ZSiteSettings = lazy(() =>
  z.object({
    companyName: z.string(),
    adminContact: z.string(),
    adminEmail: z.string(),
    logoUrl: z.string(),
    faviconImage: z.string(),
    brandingSettings: ZBrandingSettings,
    headerHtml: z.string(),
    footerHtml: z.string(),
    gtm_tag: z.string(),
    scriptUrls: z.array(z.string()),
    canShowPermissionMenu: z.boolean(),
    seo: z.array(ZSeoEntry),
    policies: z.array(ZPolicyPage),
    /** The caller may switch the permission menu (super admins only). */
    canEditPermissionMenu: z.boolean(),
    /** The caller may change `gtm_tag` and `scriptUrls` (super admins only). */
    canEditScripts: z.boolean(),
  }),
);
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

export const getSiteSettings = endpoint({
  id: 'settings.get',
  api: 'site',
  method: 'GET',
  path: 'whitelabel/settings/getSiteSettings',
  domain: 'settings',
  auth: 'staff',
  permission: 'settings.other',
  request: lazy(() => z.object({})),
  response: ZSiteSettings,
  summary: "The calling site's editable settings (company, branding, html, scripts, SEO, policies).",
});

/** The SEO screen reads the same settings; its own permission lets a group have SEO without the rest. */
export const getSeoSettings = endpoint({
  id: 'settings.getSeo',
  api: 'site',
  method: 'GET',
  path: 'whitelabel/settings/getSeoSettings',
  domain: 'settings',
  auth: 'staff',
  permission: 'settings.seo',
  request: lazy(() => z.object({})),
  response: lazy(() => z.object({ entries: z.array(ZSeoEntry) })),
  summary: 'Per-page title, description, keywords and social image of the calling site.',
});

export const saveSeoSettings = endpoint({
  id: 'settings.saveSeo',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/settings/saveSeoSettings',
  domain: 'settings',
  auth: 'staff',
  permission: 'settings.seo',
  request: ZSeoSettingsInput,
  response: lazy(() => z.object({ entries: z.array(ZSeoEntry) })),
  summary: "Replaces the site's per-page head tags.",
});

export const saveOtherSettings = endpoint({
  id: 'settings.saveOther',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/settings/saveOtherSettings',
  domain: 'settings',
  auth: 'staff',
  permission: 'settings.other',
  request: ZOtherSettingsInput,
  response: ZSiteSettings,
  summary: 'Company details, theme, lock mode, popup, SSR elements, header/footer html (sanitised), GTM and scripts.',
});

export const savePolicyPage = endpoint({
  id: 'settings.savePolicy',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/settings/savePolicyPage',
  domain: 'settings',
  auth: 'staff',
  permission: 'settings.other',
  request: lazy(() =>
    z.object({
      page: z.enum(POLICY_PAGES, { error: 'Unknown page' }),
      title: zShortText({ required: false }),
      html: zRichHtml(),
    }),
  ),
  response: ZPolicyPage,
  summary: 'Content of one policy page (html sanitised on save).',
});

export const SITE_IMAGE_KINDS = ['logo', 'favicon', 'social'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];

export const uploadSiteImage = endpoint({
  id: 'settings.uploadImage',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/settings/uploadSiteImage',
  domain: 'settings',
  auth: 'staff',
  permission: 'settings.other',
  request: lazy(() => z.object({ kind: z.enum(SITE_IMAGE_KINDS), image: zImageUpload })),
  response: lazy(() => z.object({ kind: z.enum(SITE_IMAGE_KINDS), image: zMediaImage })),
  summary: 'Stores a logo or favicon (set on the site at once) or a social-share image (its URL, for SEO).',
});

/** Super admins only: the permission-menu flag (spec: the User Permissions menu shows only when allowed). */
export const setPermissionMenu = endpoint({
  id: 'settings.setPermissionMenu',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/settings/setPermissionMenu',
  domain: 'settings',
  auth: 'superAdmin',
  permission: 'settings.other',
  request: lazy(() => z.object({ canShowPermissionMenu: z.boolean() })),
  response: ZSiteSettings,
  summary: 'Shows or hides the User Permissions menu on this site.',
});

export const settingsEndpoints = [
  getSiteSettings,
  getSeoSettings,
  saveSeoSettings,
  saveOtherSettings,
  savePolicyPage,
  uploadSiteImage,
  setPermissionMenu,
];
