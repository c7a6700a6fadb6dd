import { useState } from 'react';
import { Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { getKartById, standingOf, type TKart } from '@tp/contracts/endpoints/kart';
import { PRICE_BREAKUPS, quotationView, type Kart, type PriceBreakup } from '@tp/domain/dmc';
import { useSite } from '#shared/site.tsx';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { DmcPage } from '../shared/page.tsx';
import { quotationBrand } from './brand.ts';
import { BREAKUP_LABELS } from './labels.ts';
import { QuotationDocument } from './QuotationDocument.tsx';
import { ShareActions } from './ShareActions.tsx';

function PrintView({ kart }: { kart: TKart }) {
  const site = useSite();
  const [mode, setMode] = useState<PriceBreakup>(kart.priceBreakup);
  const view = quotationView(kart as unknown as Kart, kart.totals, mode, kart.schedule);
  return (
    <Stack gap="md">
      <Stack gap="xs" className="quotation-actions">
        <Group gap="sm" wrap="wrap" align="center">
          <Anchor component={Link} to={`/staff/kart?kart=${encodeURIComponent(kart.id)}`} size="sm">
            Back to the quotation
          </Anchor>
          <Button onClick={() => window.print()}>Download PDF</Button>
          <ShareActions
            kartId={kart.id}
            kartName={kart.kartName}
            share={kart.share}
            belowMinimum={kart.marginBelowMinimum}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Download PDF opens the browser's print dialog: choose "Save as PDF" as the printer. The shared link shows the
          break-up saved on the quotation.
        </Text>
        <Group gap="xs" align="center">
          <Text size="sm" fw={500} id="print-breakup">
            Prices shown
          </Text>
          <SegmentedControl
            aria-labelledby="print-breakup"
            size="xs"
            data={PRICE_BREAKUPS.map((value) => ({ value, label: BREAKUP_LABELS[value] }))}
            value={mode}
            onChange={(v) => setMode(v as PriceBreakup)}
          />
        </Group>
      </Stack>
      <QuotationDocument
        view={view}
        brand={quotationBrand(site, kart.isAgentBranding, kart.customerName)}
        standing={standingOf(kart)}
      />
    </Stack>
  );
}

/**
 * /staff/kart/:id/print (ours, docs/dmc.md "Karts"): the quotation as the customer gets it, for any break-up mode,
 * printed on A4 or saved as PDF through the browser's print dialog.
 */
export default function KartPrintPage() {
  const { id = '' } = useParams();
  const kart = useApi(getKartById, { id });
  return (
    <DmcPage title="Quotation" permission="dmc.karts">
      <AsyncContent data={kart.data} error={kart.error} onRetry={() => void kart.mutate()} loadingLabel="Quotation">
        {(k) => <PrintView kart={k} />}
      </AsyncContent>
    </DmcPage>
  );
}
