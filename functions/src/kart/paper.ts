/**
 * The paper a voucher issues (docs/dmc.md "Paper: vouchers and supplier requests"): booking requests to the
 * suppliers of every service not yet requested, and, when this save vouchered the quotation, the guest's vouchers
 * mailed with the confirmation. Runs after the save committed and never undoes it.
 */
import type { KartChange } from './hooks.ts';
import type { SiteRecord } from '#lib/tenancy';
import type { KartRecord } from './model.ts';
import { requestSuppliers } from './supplier-requests.ts';
import { mailVouchers } from './vouchers.ts';

/** True when the confirmation went to the customer with the vouchers (the notification then only pushes). */
export async function voucherPaper(
  scope: { site: SiteRecord; now: Date },
  after: KartRecord,
  change: KartChange | null,
): Promise<boolean> {
  if (!after.isVouchered || after.isCancelled) return false;
  await requestSuppliers(scope, after);
  return change === 'vouchered' ? mailVouchers(scope.site, after) : false;
}
