import { PREFERRED_NATIONALITY, VISA_MSG, type TVisaChecklist } from '@tp/contracts/endpoints/visa';
import { COUNTRIES } from '@tp/reference-data/countries';

/** Every nationality a visitor may pick (the server's list: India first, then by name). */
export const NATIONALITY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

export const nationalityLabel = (list: Pick<TVisaChecklist, 'nationality_countryId'>): string =>
  list.nationality_countryId?.countryName ?? VISA_MSG.defaultNationality;

/** The checklist for a nationality: its own, else the default one (every other nationality), else none. */
export function checklistFor(lists: TVisaChecklist[], code: string): TVisaChecklist | null {
  return (
    lists.find((l) => l.nationality_countryId?.countryCode === code) ??
    lists.find((l) => l.nationality_countryId === null) ??
    null
  );
}

/**
 * The nationality a visitor sees first: the one in the link when it has a checklist (or a default applies), else
 * IN (the spec's preferred one) under the same condition, else the first nationality with its own checklist.
 */
export function initialNationality(lists: TVisaChecklist[], asked: string | null): string {
  const usable = (code: string) => checklistFor(lists, code) !== null;
  const wanted = asked?.toUpperCase();
  if (wanted && NATIONALITY_OPTIONS.some((o) => o.value === wanted) && usable(wanted)) return wanted;
  if (usable(PREFERRED_NATIONALITY)) return PREFERRED_NATIONALITY;
  return lists.find((l) => l.nationality_countryId)?.nationality_countryId?.countryCode ?? PREFERRED_NATIONALITY;
}
