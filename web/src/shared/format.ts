/** The one formatting module (money, dates, date inputs, status labels) lives in @tp/domain, shared with the server. */
export {
  DATE_INPUT_FORMAT,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  isoDay,
  parseDateInput,
  statusKey,
  statusLabel,
  type StatusContext,
} from '@tp/domain/format';
