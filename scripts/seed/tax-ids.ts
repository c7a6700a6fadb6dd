/**
 * A demo customer whose billing PAN and GSTIN wait for staff review on /staff/verifyPanCard, written through the same save the billing page uses.
 */
import { userIdByEmail } from '../../functions/src/users/repo.ts';
import { saveBilling } from '../../functions/src/users/kyc.ts';
import { taxIdsOf } from '../../functions/src/users/kyc-repo.ts';
import { demoEmail } from './logins.ts';
import { DEMO_SITES } from './sites.ts';

export const DEMO_BILLING = {
  billingName: 'Corporate Demo Pvt Ltd',
  gstNumber: '27AAPFU0939F1ZV',
  gstState: 'Maharashtra',
  panNumber: 'AAPFU0939F',
};

export async function seedTaxIds(): Promise<void> {
  const site = DEMO_SITES.find((s) => s.siteId === 'site-flightdeals')!;
  const userId = await userIdByEmail(site.siteId, demoEmail({ local: 'corporate' }, site.domain));
  if (!userId || (await taxIdsOf(site.siteId, userId)).size) return;
  await saveBilling(site.siteId, userId, DEMO_BILLING, new Date());
}
