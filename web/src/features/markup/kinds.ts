import {
  deleteAirlineMarkup,
  deleteDefaultMarkup,
  deleteFixedDepartureMarkup,
  getAirlineMarkups,
  getDefaultMarkups,
  getFixedDepartureMarkups,
  type MarkupKind,
  saveAirlineMarkup,
  saveDefaultMarkup,
  saveFixedDepartureMarkup,
  type TMarkupSetting,
  ZSaveAirlineMarkup,
  ZSaveDefaultMarkup,
  ZSaveFixedDepartureMarkup,
} from '@tp/contracts/endpoints/markup';
import { formatMoney } from '#shared/format.ts';

/** What differs between the three kinds of rule; the list, form and delete are shared. */
export interface KindConfig {
  kind: MarkupKind;
  tab: string;
  /** One per group (the default rule): the list shows at most one row. */
  single: boolean;
  list: typeof getDefaultMarkups;
  save: typeof saveDefaultMarkup | typeof saveAirlineMarkup | typeof saveFixedDepartureMarkup;
  remove: typeof deleteDefaultMarkup;
  schema: typeof ZSaveDefaultMarkup | typeof ZSaveAirlineMarkup | typeof ZSaveFixedDepartureMarkup;
  /** The column naming what a rule applies to (none for the default rule). */
  target?: { header: string; render: (r: TMarkupSetting) => string };
}

export const KINDS: Record<MarkupKind, KindConfig> = {
  default: {
    kind: 'default',
    tab: 'Default Airline Markup',
    single: true,
    list: getDefaultMarkups,
    save: saveDefaultMarkup,
    remove: deleteDefaultMarkup,
    schema: ZSaveDefaultMarkup,
  },
  airline: {
    kind: 'airline',
    tab: 'Airline Specific Markup',
    single: false,
    list: getAirlineMarkups,
    save: saveAirlineMarkup,
    remove: deleteAirlineMarkup,
    schema: ZSaveAirlineMarkup,
    target: { header: 'Airline', render: (r) => r.airlineCode ?? '' },
  },
  fixedDeparture: {
    kind: 'fixedDeparture',
    tab: 'Fixed Departure Markup',
    single: false,
    list: getFixedDepartureMarkups,
    save: saveFixedDepartureMarkup,
    remove: deleteFixedDepartureMarkup,
    schema: ZSaveFixedDepartureMarkup,
    target: { header: 'Sector', render: (r) => `${r.origin ?? ''} → ${r.destination ?? ''}` },
  },
};

/** "₹150.00 per passenger", "2 %", "None". */
export function amountLabel(type: 'fixed' | 'percent', value: number, applyPer: 'passenger' | 'booking'): string {
  if (value === 0) return 'None';
  if (type === 'percent') return `${value} %`;
  return `${formatMoney(value)} per ${applyPer}`;
}

/** What a rule is about, for accessible names ("Air India rule" → "AI", "DEL → BOM", "Default"). */
export const ruleSubject = (config: KindConfig, r: TMarkupSetting): string =>
  config.target ? `${config.tab} ${config.target.render(r)}` : `${config.tab} of ${r.groupName}`;
