import type { UserType } from '@tp/contracts/endpoint';
/** The one formatting module (money, dates, date inputs, status labels) lives in @tp/domain, shared with the server. */
export {
  countOf,
  DATE_INPUT_FORMAT,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  isoDay,
  parseDateInput,
  partyLabel,
  statusKey,
  statusLabel,
  type StatusContext,
} from '@tp/domain/format';

/** A user type as the account menu and the profile name it. */
export const USER_TYPE_LABEL: Record<UserType, string> = {
  staff: 'Staff',
  travelAgent: 'Travel Agent',
  retail: 'Retail',
  corporate: 'Corporate',
};
