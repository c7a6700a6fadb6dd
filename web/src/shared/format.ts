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
