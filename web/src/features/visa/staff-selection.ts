import { useSearchParams } from 'react-router-dom';
import type { TVisaCategory, TVisaChecklist, TVisaCountry } from '@tp/contracts/endpoints/visa';

/** The record a staff dialog adds (null) or edits, by kind. */
export type VisaEditing =
  | { kind: 'country'; record: TVisaCountry | null }
  | { kind: 'category'; record: TVisaCategory | null }
  | { kind: 'checklist'; record: TVisaChecklist | null };

export type SelectVisa = (next: { country?: string | null; category?: string | null }) => void;

/** The country and category chosen on /staff/visa, kept in the address (?country=…&category=…). */
export function useVisaSelection(): { countryId: string | null; categoryId: string | null; select: SelectVisa } {
  const [params, setParams] = useSearchParams();
  const select: SelectVisa = (next) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  return { countryId: params.get('country'), categoryId: params.get('category'), select };
}
