/**
 * Staff site settings (docs/site-settings.md): one read of everything the two screens edit, and saves that
 * write the site record through the site domain (audited, version-guarded, header/footer html sanitised).
 * After a save the in-process site cache is cleared; `whitelabel/detetct` reads the record fresh, so the
 * next visit on any Lambda shows the change.
 */
import {
  SETTINGS_MSG,
  type SiteImageKind,
  type TOtherSettingsInput,
  type TSiteSettings,
} from '@tp/contracts/endpoints/settings';
import { normaliseSiteScripts, sameSiteScripts } from '@tp/contracts/security-headers';
import type { ImageUpload, MediaImage } from '@tp/contracts/media';
import type { PolicyPage, TSeoEntry } from '@tp/contracts/endpoints/site';
import { auditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import { reply, answers, type SignedInScope } from '#lib/answers';
import { deleteImage, saveImage } from '#lib/media';
import { clearSiteCache, type SiteRecord } from '#lib/tenancy';
import {
  getPolicy,
  getSiteFresh,
  listPolicies,
  POLICY_TITLES,
  putPolicy,
  sanitizeSiteHtml,
  updateSite,
  type PolicyRecord,
} from '../site/index.ts';
import * as api from '@tp/contracts/endpoints/settings';

export const CHANGED_MEANWHILE = 'The settings were changed meanwhile; reload and save again';

type Stored = SiteRecord & { settingsVersion?: number };

async function current(scope: SignedInScope): Promise<Stored> {
  const site = await getSiteFresh(scope.site.siteId);
  if (!site) throw fail.notFound();
  return site;
}

const pick = <K extends keyof Stored>(site: Stored, fields: readonly K[]): Pick<Stored, K> =>
  Object.fromEntries(fields.map((f) => [f, site[f]])) as Pick<Stored, K>;

async function view(scope: SignedInScope, site: Stored): Promise<TSiteSettings> {
  const stored = await listPolicies(site.siteId);
  const policies = (Object.keys(POLICY_TITLES) as PolicyPage[]).map((page) => {
    const rec = stored.find((p) => p.page === page);
    return { page, title: rec?.title || POLICY_TITLES[page], html: rec?.html ?? '', updatedAt: rec?.updatedAt ?? '' };
  });
  return {
    companyName: site.companyName,
    adminContact: site.adminContact,
    adminEmail: site.adminEmail,
    logoUrl: site.logoUrl,
    faviconImage: site.faviconImage,
    brandingSettings: site.brandingSettings,
    headerHtml: site.headerHtml,
    footerHtml: site.footerHtml,
    gtm_tag: site.gtm_tag,
    scriptUrls: site.scriptUrls,
    canShowPermissionMenu: site.wlMeta.canShowPermissionMenu,
    seo: site.seo ?? [],
    policies,
    canEditPermissionMenu: scope.principal.isSuperAdmin,
    canEditScripts: scope.principal.isSuperAdmin,
  };
}

export const getSettings = async (scope: SignedInScope): Promise<TSiteSettings> => view(scope, await current(scope));

/** Writes `after` over the fields it names; a concurrent save in between is a 409, nothing written. */
async function save(scope: SignedInScope, site: Stored, after: Partial<SiteRecord>): Promise<Stored> {
  const fields = Object.keys(after) as (keyof SiteRecord)[];
  const ok = await updateSite(site.siteId, {
    version: site.settingsVersion,
    before: pick(site, fields),
    after,
    by: auditActor(scope.principal),
    at: scope.now,
  });
  if (!ok) throw fail.conflict(CHANGED_MEANWHILE);
  clearSiteCache();
  scope.log.info('site settings saved', { fields, byUserId: scope.principal.userId });
  return current(scope);
}

export async function saveOther(scope: SignedInScope, input: TOtherSettingsInput): Promise<TSiteSettings> {
  const site = await current(scope);
  // Third-party script is a super admin's decision: anyone else saves the screen with
  // the stored values, or is refused before anything is written. The change is audited with the rest.
  const scripts = normaliseSiteScripts(input);
  if (!scope.principal.isSuperAdmin && !sameSiteScripts(scripts, site))
    throw fail.forbidden(SETTINGS_MSG.scriptsSuperAdminOnly);
  const b = input.brandingSettings;
  const saved = await save(scope, site, {
    companyName: input.companyName,
    adminContact: input.adminContact ?? '',
    adminEmail: input.adminEmail,
    brandingSettings: {
      ...b,
      theme: { palette: { ...b.theme.palette } },
      // The popup is painted from server html too: cleaned by the same rule as the header and footer.
      popupSettings: { ...b.popupSettings, html: sanitizeSiteHtml(b.popupSettings.html) },
      lockMode: { enabled: b.lockMode.enabled, lockedRoutes: [...new Set(b.lockMode.lockedRoutes)] },
    },
    headerHtml: input.headerHtml,
    footerHtml: input.footerHtml,
    ...scripts,
  });
  return view(scope, saved);
}

export async function getSeo(scope: SignedInScope): Promise<{ entries: TSeoEntry[] }> {
  return { entries: (await current(scope)).seo ?? [] };
}

export async function saveSeo(scope: SignedInScope, entries: TSeoEntry[]): Promise<{ entries: TSeoEntry[] }> {
  const site = await current(scope);
  // A page with nothing filled in is no entry at all.
  const kept = entries.filter((e) => e.title || e.description || e.keywords || e.image);
  const saved = await save(scope, site, { seo: kept });
  return { entries: saved.seo ?? [] };
}

export async function savePolicy(
  scope: SignedInScope,
  input: { page: PolicyPage; title: string; html: string },
): Promise<PolicyRecord> {
  const before = await getPolicy(scope.site.siteId, input.page);
  const saved = await putPolicy(
    scope.site.siteId,
    {
      page: input.page,
      title: input.title || POLICY_TITLES[input.page],
      html: input.html,
      updatedAt: scope.now.toISOString(),
    },
    before,
    auditActor(scope.principal),
    scope.now,
  );
  return saved;
}

const MEDIA_PREFIX = '/media/';

/**
 * Stores an uploaded image. A logo or favicon replaces the site's at once (the old upload is then deleted;
 * the seeded /app/brand files are not uploads and stay); a social image is only stored, for the SEO form.
 */
export async function uploadImage(
  scope: SignedInScope,
  input: { kind: SiteImageKind; image: ImageUpload },
): Promise<{ kind: SiteImageKind; image: MediaImage }> {
  const image = await saveImage(scope.site.siteId, `branding/${input.kind}`, input.image);
  if (input.kind === 'social') return { kind: input.kind, image };
  const site = await current(scope);
  const field = input.kind === 'logo' ? 'logoUrl' : 'faviconImage';
  const old = site[field];
  try {
    await save(scope, site, { [field]: image.url });
  } catch (err) {
    await deleteImage(scope.site.siteId, image.key);
    throw err;
  }
  if (old.startsWith(`${MEDIA_PREFIX}${scope.site.siteId}/`))
    await deleteImage(scope.site.siteId, old.slice(MEDIA_PREFIX.length)).catch((err: unknown) =>
      scope.log.warn('old site image not deleted', { err: String(err) }),
    );
  return { kind: input.kind, image };
}

export async function setPermissionMenu(scope: SignedInScope, canShowPermissionMenu: boolean): Promise<TSiteSettings> {
  const site = await current(scope);
  const saved = await save(scope, site, { wlMeta: { ...site.wlMeta, canShowPermissionMenu } });
  return view(scope, saved);
}

// The settings Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetSiteSettings = answers(api.getSiteSettings, (_input, scope) => getSettings(scope));
export const answerGetSeoSettings = answers(api.getSeoSettings, (_input, scope) => getSeo(scope));
export const answerSaveSeoSettings = answers(api.saveSeoSettings, async (input, scope) =>
  reply(await saveSeo(scope, input.entries), { message: SETTINGS_MSG.seoSaved }),
);
export const answerSaveOtherSettings = answers(api.saveOtherSettings, async (input, scope) =>
  reply(await saveOther(scope, input), { message: SETTINGS_MSG.saved }),
);
export const answerSavePolicyPage = answers(api.savePolicyPage, async (input, scope) =>
  reply(await savePolicy(scope, input), { message: SETTINGS_MSG.saved }),
);
export const answerUploadSiteImage = answers(api.uploadSiteImage, async (input, scope) =>
  reply(await uploadImage(scope, input), { message: SETTINGS_MSG.imageSaved }),
);
export const answerSetPermissionMenu = answers(api.setPermissionMenu, async (input, scope) =>
  reply(await setPermissionMenu(scope, input.canShowPermissionMenu), {
    message: SETTINGS_MSG.saved,
  }),
);
