import { lazy, Suspense, useEffect } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { useSearchParams } from 'react-router-dom';
import { getKartById, type TKart } from '@tp/contracts/endpoints/kart';
import { useApi, apiKey } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DmcPage } from '../shared/page.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { KartList, type KartFilter } from './KartList.tsx';

/**
 * The builder (its forms, the phone and date pickers, the lines' pricing) loads when a quotation is opened:
 * the list, which the screen opens on, does not pay to parse it (issue #35 §4).
 */
const loadBuilder = () => import('./KartBuilder.tsx');
const KartBuilder = lazy(() => loadBuilder().then((m) => ({ default: m.KartBuilder })));

const NEW = 'new';

/** One saved kart, loaded, then the builder on it. */
function SavedKart({ id, onSaved }: { id: string; onSaved: (k: TKart) => void }) {
  const kart = useApi(getKartById, { id });
  // The builder's code comes while the quotation does, not after it.
  useEffect(() => void loadBuilder(), []);
  return (
    <AsyncContent data={kart.data} error={kart.error} onRetry={() => void kart.mutate()} loadingLabel="Quotation">
      {(k) => <KartBuilder initial={k} onSaved={onSaved} reload={() => kart.mutate()} />}
    </AsyncContent>
  );
}

/**
 * /staff/kart (spec 001 §2): the quotation list and, with `?kart=<id>` or `?kart=new`, the builder (a
 * URL of its own, so a quotation can be reopened or sent to a colleague).
 */
export default function KartPage() {
  const [params, setParams] = useSearchParams();
  const { mutate } = useSWRConfig();
  const open = params.get('kart');
  const filter = (params.get('show') ?? 'all') as KartFilter;
  const go = (next: Record<string, string>, replace = false) => setParams(next, { replace });
  const onSaved = (k: TKart) => {
    // The saved kart is what its URL will load: cached, so the builder carries on without a reload.
    void mutate(apiKey(getKartById, { id: k.id }), k, { revalidate: false });
    if (open !== k.id) go({ kart: k.id }, true);
  };
  return (
    <DmcPage
      title="Quotations"
      permission="dmc.karts"
      intro="Build tour quotations for customers, print or share them, and voucher them when booked."
      actions={
        <Group gap="xs">
          {open && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => go(filter === 'all' ? {} : { show: filter })}
            >
              Back to the list
            </Anchor>
          )}
          {open !== NEW && <Button onClick={() => go({ kart: NEW })}>New quotation</Button>}
        </Group>
      }
    >
      {open === NEW ? (
        <Suspense fallback={<PageLoader />}>
          <KartBuilder initial={null} onSaved={onSaved} reload={() => Promise.resolve(undefined)} />
        </Suspense>
      ) : open ? (
        <Suspense fallback={<PageLoader />}>
          <SavedKart key={open} id={open} onSaved={onSaved} />
        </Suspense>
      ) : (
        <KartList
          filter={filter}
          onFilter={(f) => go(f === 'all' ? {} : { show: f })}
          onOpen={(id) => go({ kart: id })}
        />
      )}
    </DmcPage>
  );
}
