/** A package as stored: the contract's package without the per-caller `supplierName`. */
import type { TPackage } from '@tp/contracts/endpoints/packages';

export type PackageRecord = Omit<TPackage, 'supplierName'>;
