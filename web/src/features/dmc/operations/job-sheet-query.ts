import { useState } from 'react';
import type { TJobSheetRow } from '@tp/contracts/endpoints/dmc-operations';
import type { JobSheetSort } from '@tp/domain/dmc';
import { defaultRange } from './dates.ts';

/** The driver filter's value for "transfers without a driver" (the API's `driverId: null`). */
export const NO_DRIVER = '-';

/** Only a pending or assigned transfer can still be (re)assigned or selected. */
export const isOpen = (r: TJobSheetRow) => r.status === 'pending' || r.status === 'assigned';

/**
 * What the job sheet shows: the date range, driver filter and sort (the request), the page, and the rows
 * selected for a bulk assignment. Changing a filter goes back to page 1 and clears the selection.
 */
export function useJobSheetQuery() {
  const [range, setRange] = useState(defaultRange);
  const [driverFilter, setDriverFilter] = useState('');
  const [sortBy, setSortBy] = useState<JobSheetSort>('time');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const refilter =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
      setSelected(new Set());
    };
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const request = {
    dateRange: range,
    sortBy,
    ...(driverFilter === NO_DRIVER ? { driverId: null } : driverFilter ? { driverId: driverFilter } : {}),
  };
  return {
    request,
    /** False while a day is missing: nothing is asked then. */
    complete: !!(range.from && range.to),
    range,
    setFrom: refilter((from: string) => setRange((r) => ({ from, to: r.to && r.to < from ? from : r.to }))),
    setTo: refilter((to: string) => setRange((r) => ({ ...r, to }))),
    driverFilter,
    setDriverFilter: refilter(setDriverFilter),
    sortBy,
    setSortBy: refilter(setSortBy),
    page,
    setPage,
    selected,
    toggle,
    clearSelection: () => setSelected(new Set()),
  };
}

export type JobSheetQuery = ReturnType<typeof useJobSheetQuery>;
