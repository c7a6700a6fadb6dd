/**
 * The settings Lambda: the staff SEO and Other Settings screens. Apart from the site
 * Lambda, which answers whitelabel/detetct on every page load and so stays small (no image checks, no S3).
 */
import * as api from '@tp/contracts/endpoints/settings';
import { SETTINGS_MSG } from '@tp/contracts/endpoints/settings';
import { operation, reply, onDemand } from '#lib/http';
const settings = onDemand(() => import('./settings.ts'));

export const operations = [
  operation(api.getSiteSettings, async (_input, scope) => (await settings()).getSettings(scope)),
  operation(api.getSeoSettings, async (_input, scope) => (await settings()).getSeo(scope)),
  operation(api.saveSeoSettings, async (input, scope) =>
    reply(await (await settings()).saveSeo(scope, input.entries), { message: SETTINGS_MSG.seoSaved }),
  ),
  operation(api.saveOtherSettings, async (input, scope) =>
    reply(await (await settings()).saveOther(scope, input), { message: SETTINGS_MSG.saved }),
  ),
  operation(api.savePolicyPage, async (input, scope) =>
    reply(await (await settings()).savePolicy(scope, input), { message: SETTINGS_MSG.saved }),
  ),
  operation(api.uploadSiteImage, async (input, scope) =>
    reply(await (await settings()).uploadImage(scope, input), { message: SETTINGS_MSG.imageSaved }),
  ),
  operation(api.setPermissionMenu, async (input, scope) =>
    reply(await (await settings()).setPermissionMenu(scope, input.canShowPermissionMenu), {
      message: SETTINGS_MSG.saved,
    }),
  ),
];
