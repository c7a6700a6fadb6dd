import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import { getCustomers, getUserById, searchWlUser } from '@tp/contracts/endpoints/customers';
import { getApiConsumers } from '@tp/contracts/endpoints/suppliers';
import type { TApiConsumer } from '@tp/contracts/endpoints/suppliers';

/**
 * Writes answer with the changed record; these helpers put it into every cached list, search and
 * detail that shows it, so rows change at once and only after the server said so (no refetch, no
 * optimistic guess).
 */
const keyOf = (ids: readonly string[]) => (key: unknown) => Array.isArray(key) && ids.includes(key[0] as string);

/** A cached payload is a page (`records`), a list, or one record. */
function mapPayload<T>(data: unknown, fn: (r: T) => T): unknown {
  if (data === undefined || data === null) return data;
  if (Array.isArray(data)) return data.map((r) => fn(r as T));
  if (typeof data === 'object' && 'records' in data) {
    const page = data as { records: T[] };
    return { ...page, records: page.records.map(fn) };
  }
  return fn(data as T);
}

const CUSTOMER_KEYS = keyOf([getCustomers.id, searchWlUser.id, getUserById.id]);
const LIST_KEYS = keyOf([getCustomers.id, searchWlUser.id]);
const CONSUMER_KEYS = keyOf([getApiConsumers.id]);

export function useCustomerCache() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const patch = (match: (c: TCustomer) => boolean, change: (c: TCustomer) => TCustomer) =>
      mutate(CUSTOMER_KEYS, (data: unknown) => mapPayload<TCustomer>(data, (c) => (match(c) ? change(c) : c)), {
        revalidate: false,
      });
    return {
      patch,
      /** The server's copy of one customer replaces ours. */
      replace: (next: TCustomer) =>
        patch(
          (c) => c.id === next.id,
          () => next,
        ),
      /** Lists and searches load again (a new customer, a renamed group). */
      refresh: () => mutate(LIST_KEYS),
    };
  }, [mutate]);
}

export const sameConsumerLink = (a: TApiConsumer, b: TApiConsumer): boolean =>
  a.wl_mongoDb_siteId === b.wl_mongoDb_siteId && a.sc_map_supplierListId === b.sc_map_supplierListId;

export function useConsumerCache() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const patch = (match: (c: TApiConsumer) => boolean, change: (c: TApiConsumer) => TApiConsumer) =>
      mutate(CONSUMER_KEYS, (data: unknown) => mapPayload<TApiConsumer>(data, (c) => (match(c) ? change(c) : c)), {
        revalidate: false,
      });
    return {
      patch,
      replace: (next: TApiConsumer) =>
        patch(
          (c) => sameConsumerLink(c, next),
          () => next,
        ),
      refresh: () => mutate(CONSUMER_KEYS),
    };
  }, [mutate]);
}
