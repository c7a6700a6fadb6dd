/**
 * Change Request dialog rules (spec 000 §4 "Change request flow", §5, §7 "Change request payload"):
 * which selectors a request type preselects and locks, the required fields, when Send is enabled,
 * and the payload sent to api/changeRequest. The server re-checks the same rules.
 */

export const CR_TYPE = { refund: 1, partialRefund: 2, reissue: 3 } as const;
export type CrType = (typeof CR_TYPE)[keyof typeof CR_TYPE];
export const CR_TYPE_LABELS: Record<CrType, string> = { 1: 'Refund', 2: 'Partial Refund', 3: 'Reissue' };
/** Cancellation types: 2 when the flight was cancelled by the airline, otherwise 3 (others). */
export const CANCELLATION = { flightCancelled: 2, others: 3 } as const;

export interface Sector {
  origin: string;
  destination: string;
}
export interface CrPassenger {
  paxIndex: number;
  ticketId: string | null;
}

export interface CrForm {
  requestType: CrType | null;
  /** Chosen sector keys (`ORIGIN-DESTINATION`) and passenger indexes. */
  sectors: string[];
  passengers: number[];
  remarks: string;
  flightCancelled: boolean;
  /** The cancellation policy and fare rules checkbox. */
  policyAccepted: boolean;
}

export const sectorKey = (s: Sector): string => `${s.origin}-${s.destination}`;

export interface CrLayout {
  /** Selections imposed by the type (refund: everything; reissue: every sector). */
  sectors: string[] | null;
  passengers: number[] | null;
  sectorsLocked: boolean;
  sectorsHidden: boolean;
  passengersLocked: boolean;
}

/** What choosing a request type does to the selectors. */
export function crLayout(
  type: CrType | null,
  sectors: readonly Sector[],
  passengers: readonly CrPassenger[],
): CrLayout {
  const allSectors = sectors.map(sectorKey);
  const allPax = passengers.map((p) => p.paxIndex);
  if (type === CR_TYPE.refund)
    return {
      sectors: allSectors,
      passengers: allPax,
      sectorsLocked: true,
      sectorsHidden: false,
      passengersLocked: true,
    };
  if (type === CR_TYPE.reissue)
    return { sectors: allSectors, passengers: null, sectorsLocked: true, sectorsHidden: true, passengersLocked: false };
  return { sectors: null, passengers: null, sectorsLocked: false, sectorsHidden: false, passengersLocked: false };
}

/** Applies a type change to a form: imposed selections replace the user's, freed ones start empty. */
export function withRequestType(
  form: CrForm,
  type: CrType,
  sectors: readonly Sector[],
  passengers: readonly CrPassenger[],
): CrForm {
  const layout = crLayout(type, sectors, passengers);
  const prev = crLayout(form.requestType, sectors, passengers);
  return {
    ...form,
    requestType: type,
    sectors: layout.sectors ?? (prev.sectors ? [] : form.sectors),
    passengers: layout.passengers ?? (prev.passengers ? [] : form.passengers),
  };
}

/** Field → message for every missing required field ('This is required field.'). */
export function crErrors(form: CrForm, requiredMessage: string): Partial<Record<keyof CrForm, string>> {
  const errors: Partial<Record<keyof CrForm, string>> = {};
  if (!form.requestType) errors.requestType = requiredMessage;
  if (!form.passengers.length) errors.passengers = requiredMessage;
  if (!form.sectors.length) errors.sectors = requiredMessage;
  if (!form.remarks.trim()) errors.remarks = requiredMessage;
  return errors;
}

/** Send stays disabled until the policy box is ticked and nothing required is missing. */
export const canSend = (form: CrForm, requiredMessage: string): boolean =>
  form.policyAccepted && Object.keys(crErrors(form, requiredMessage)).length === 0;

export interface CrPayload {
  BookingId: string;
  RequestType: CrType;
  CancellationType: 2 | 3;
  /** Partial refund only. */
  Sectors?: { Origin: string; Destination: string }[];
  /** Partial refund or reissue: the chosen passengers' ticket ids. */
  TicketId?: string[];
  Remarks: string;
}

/** The api/changeRequest body for a complete form. */
export function crPayload(
  bookingId: string,
  form: CrForm & { requestType: CrType },
  sectors: readonly Sector[],
  passengers: readonly CrPassenger[],
): CrPayload {
  const payload: CrPayload = {
    BookingId: bookingId,
    RequestType: form.requestType,
    CancellationType: form.flightCancelled ? CANCELLATION.flightCancelled : CANCELLATION.others,
    Remarks: form.remarks.trim(),
  };
  if (form.requestType === CR_TYPE.partialRefund)
    payload.Sectors = sectors
      .filter((s) => form.sectors.includes(sectorKey(s)))
      .map((s) => ({ Origin: s.origin, Destination: s.destination }));
  if (form.requestType !== CR_TYPE.refund)
    payload.TicketId = passengers
      .filter((p) => form.passengers.includes(p.paxIndex) && p.ticketId)
      .map((p) => p.ticketId!);
  return payload;
}
