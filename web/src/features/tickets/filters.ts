import {
  TICKET_STATUS_FILTERS,
  type TBookingFilterInput,
  type TicketQueue,
  type TicketSort,
  type TicketStatusFilter,
} from '@tp/contracts/endpoints/tickets';
import { statusLabel } from '#shared/format.ts';

/** The filter form's values (strings for inputs; empty means "any"). */
export interface FilterForm {
  sort: TicketSort;
  /** '' = any status. */
  status: TicketStatusFilter | '';
  domestic: boolean;
  international: boolean;
  pnrOrTicket: string;
  airlineCode: string;
  passenger: string;
  bookingFrom: string;
  bookingTo: string;
  travelFrom: string;
  travelTo: string;
}

export const EMPTY_FILTER: FilterForm = {
  sort: 'BD',
  status: '',
  domestic: true,
  international: true,
  pnrOrTicket: '',
  airlineCode: '',
  passenger: '',
  bookingFrom: '',
  bookingTo: '',
  travelFrom: '',
  travelTo: '',
};

export const SORT_OPTIONS = [
  { value: 'BD', label: 'Booking date (newest first)' },
  { value: 'BA', label: 'Booking date (oldest first)' },
  { value: 'TD', label: 'Travel date (latest first)' },
  { value: 'TA', label: 'Travel date (earliest first)' },
];
/** Holds are worked most urgent first. */
export const LAST_TICKETING_SORT = { value: 'LT', label: 'Last ticketing time (soonest first)' };

export const STATUS_OPTIONS: { value: TicketStatusFilter | ''; label: string }[] = [
  { value: '', label: 'Any status' },
  ...TICKET_STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) })),
];

/** The hold queue opens most urgent first; the other queues newest booking first. */
export const emptyFilter = (queue: TicketQueue): FilterForm =>
  queue === 'holds' ? { ...EMPTY_FILTER, sort: 'LT' } : EMPTY_FILTER;

/** The request body: blank fields left out. */
export function toRequest(f: FilterForm, extra: { page: number; userId?: string | undefined }): TBookingFilterInput {
  const out: TBookingFilterInput = {
    sort: f.sort,
    domestic: f.domestic,
    international: f.international,
    page: extra.page,
  };
  if (f.status) out.status = f.status;
  for (const k of [
    'pnrOrTicket',
    'airlineCode',
    'passenger',
    'bookingFrom',
    'bookingTo',
    'travelFrom',
    'travelTo',
  ] as const) {
    const v = f[k].trim();
    if (v) out[k] = v;
  }
  if (extra.userId) out.userId = extra.userId;
  return out;
}

export function queueOf(pathname: string): TicketQueue {
  if (pathname.endsWith('/changeRequestQueue')) return 'changeRequests';
  if (pathname.endsWith('/holdQueue')) return 'holds';
  return 'tickets';
}

export const QUEUE_TITLES: Record<TicketQueue, string> = {
  tickets: 'Air Ticket Queue',
  changeRequests: 'Change Requests',
  holds: 'Hold Queue',
};
