import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { KART_MSG, getSharedQuotation, sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import { sharedVouchersPath } from '@tp/contracts/endpoints/kart-paper';
import { useApi } from '#api/hooks.ts';
import { ApiError } from '#api/client.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime } from '#shared/format.ts';
import { absoluteUrl } from '#shared/share.ts';
import { ShareLinks } from '#shared/ShareLinks.tsx';
import { sharedBrand } from './brand.ts';
import { QuotationDocument } from './QuotationDocument.tsx';
import { SharedPayment } from './SharedPayment.tsx';

/**
 * /quotation/:slug (public, ours): a shared quotation as it was frozen when shared (`kart/getSharedQuotation`), no
 * login. The same document as the staff print view; a later change of the kart never alters this version, but the
 * page says when a newer version was shared since, and a vouchered quotation reads confirmed. Above it, the customer
 * accepts this version and pays (SharedPayment).
 */
export default function SharedQuotationPage() {
  const { slug = '' } = useParams();
  // Back from the gateway: `?payment=` names the payment, read again until it is received or refused.
  const [params] = useSearchParams();
  const payment = params.get('payment');
  const shared = useApi(getSharedQuotation, payment ? { slug, payment } : { slug }, {
    call: { handling: 'navigation' },
    refreshInterval: (s) => (s?.payment?.status === 'pending' ? 2000 : 0),
  });
  if (shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 400))
    return (
      <Alert color="gray" role="status" maw={600} mx="auto">
        {KART_MSG.sharedNotFound}
      </Alert>
    );
  return (
    <AsyncContent data={shared.data} error={shared.error} onRetry={() => void shared.mutate()} loadingLabel="Quotation">
      {(s) => (
        <Stack gap="md">
          <Group className="quotation-actions" justify="flex-end" maw="190mm" w="100%" mx="auto" gap="xs">
            <ShareLinks url={absoluteUrl(sharedQuotationPath(slug))} title={`Quotation: ${s.quotation.kartName}`} />
            {s.standing.status === 'confirmed' && (
              <Button component={Link} to={sharedVouchersPath(slug)} variant="light">
                Vouchers
              </Button>
            )}
            <Button variant="light" onClick={() => window.print()}>
              Download PDF
            </Button>
          </Group>
          {s.standing.newerSharedAt && (
            <Alert color="yellow" role="status" maw="190mm" w="100%" mx="auto" className="quotation-actions">
              {KART_MSG.newerShared(formatDateTime(s.standing.newerSharedAt))}
            </Alert>
          )}
          {s.standing.status === 'cancelled' && (
            <Alert color="red" role="status" maw="190mm" w="100%" mx="auto" className="quotation-actions">
              {KART_MSG.sharedCancelled}
            </Alert>
          )}
          <SharedPayment shared={s} slug={slug} onChanged={() => void shared.mutate()} />
          <QuotationDocument
            view={s.quotation}
            brand={sharedBrand(s)}
            version={s.version}
            standing={s.standing.status}
          />
        </Stack>
      )}
    </AsyncContent>
  );
}
