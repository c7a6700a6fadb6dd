/**
 * Checking that a PAN exists and belongs to the name given needs a licensed provider (the Income Tax
 * department's PAN verification service is open only to approved entities; KYC vendors resell it under
 * contract). None is contracted, so staff decide by hand from the documents the customer sends, helped by
 * the format checks (@tp/domain/tax-ids). A provider plugs in here: the staff list would show its answer
 * next to the format check, never decide on its own (docs/site-settings.md "PAN verification").
 */
import type { TaxIdDocument } from '@tp/contracts/endpoints/kyc';

export interface TaxIdCheck {
  /** What the registry says about the number. */
  status: 'active' | 'inactive' | 'notFound';
  /** Whether the registered name matches the name given (providers answer yes / no / partial). */
  nameMatch: 'yes' | 'no' | 'partial' | null;
  /** The provider's own reference for the lookup, for the audit trail. */
  reference: string;
}

export interface TaxIdProvider {
  readonly name: string;
  check(document: TaxIdDocument, number: string, name: string): Promise<TaxIdCheck>;
}

/** No provider contracted: staff verify by hand. */
export const NO_PROVIDER: TaxIdProvider | null = null;

/** The provider in use (none today); a contracted one is returned here, configured from the site's secrets. */
export const taxIdProvider = (): TaxIdProvider | null => NO_PROVIDER;
