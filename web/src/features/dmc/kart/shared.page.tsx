import { Alert, Button, Group, Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { KART_MSG, getSharedQuotation, sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import { useApi } from '#api/hooks.ts';
import { ApiError } from '#api/client.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { absoluteUrl } from '#shared/share.ts';
import { ShareLinks } from '#shared/ShareLinks.tsx';
import { sharedBrand } from './brand.ts';
import { QuotationDocument } from './QuotationDocument.tsx';

/**
 * /quotation/:slug (public, ours): a shared quotation as it was frozen when shared (`kart/getSharedQuotation`), no
 * login. The same document as the staff print view; a later change of the kart never alters this version.
 */
export default function SharedQuotationPage() {
  const { slug = '' } = useParams();
  const shared = useApi(getSharedQuotation, { slug }, { call: { handling: 'navigation' } });
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
            <Button variant="light" onClick={() => window.print()}>
              Download PDF
            </Button>
          </Group>
          <QuotationDocument view={s.quotation} brand={sharedBrand(s)} version={s.version} />
        </Stack>
      )}
    </AsyncContent>
  );
}
