/** Dates as people here read them (Indian English): "5 Mar 2025" and "5 Mar 2025, 2:30 pm". Empty for none or junk. */
const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function format(f: Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : f.format(d);
}

export const formatDate = (iso: string | null | undefined): string => format(DATE, iso);
export const formatDateTime = (iso: string | null | undefined): string => format(DATE_TIME, iso);
