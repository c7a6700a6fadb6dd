import { Grid, Stack } from '@mantine/core';
import type { TKart } from '@tp/contracts/endpoints/kart';
import { KartHeading, KartNotices } from './KartHeading.tsx';
import { KartPayments } from './KartPayments.tsx';
import { KartPaper } from './KartPaper.tsx';
import { KartSidePanel } from './KartSidePanel.tsx';
import { ActivityLine, FlightLine, HotelLine, MiscLine, Passengers, Section } from './lines.tsx';
import { PriceAndPaymentSection, QuotationSection } from './QuotationSections.tsx';
import { useKartEditor, type KartEditor } from './useKartEditor.ts';
import './kart.css';

/** The hotels, activities, other services and flights of the quotation, each with its Add. */
function ItinerarySections({ editor }: { editor: KartEditor }) {
  const { form, removeSaved, addItinerary } = editor;
  const v = form.values;
  const lineProps = (index: number) => ({ form, index, removeSaved, saved: editor.kart });
  return (
    <>
      <Section
        title="Hotels"
        add="Add hotel"
        onAdd={() => addItinerary('accomodations')}
        empty={v.accomodations.length === 0}
      >
        {v.accomodations.map((l, i) => (
          <HotelLine key={l.key} {...lineProps(i)} party={v} />
        ))}
      </Section>

      <Section
        title="Activities"
        add="Add activity"
        onAdd={() => addItinerary('activities')}
        empty={v.activities.length === 0}
      >
        {v.activities.map((l, i) => (
          <ActivityLine key={l.key} {...lineProps(i)} party={v} />
        ))}
      </Section>

      <Section
        title="Other services"
        add="Add item"
        onAdd={() => addItinerary('miscellaneous')}
        empty={v.miscellaneous.length === 0}
      >
        {v.miscellaneous.map((l, i) => (
          <MiscLine key={l.key} {...lineProps(i)} />
        ))}
      </Section>

      <Section title="Flights" add="Add flight" onAdd={editor.addFlight} empty={v.flightDetails.length === 0}>
        {v.flightDetails.map((l, i) => (
          <FlightLine key={l.key} {...lineProps(i)} />
        ))}
      </Section>
    </>
  );
}

/**
 * The quotation builder: one screen of sections, checked by the domain's §5 rules before anything is sent,
 * with the totals preview beside it. `initial` null: a new quotation.
 */
export function KartBuilder({
  initial,
  onSaved,
  reload,
}: {
  initial: TKart | null;
  /** After a save (a new kart gets its URL). */
  onSaved: (kart: TKart) => void;
  /** Reads the kart again (after a 409). */
  reload: () => Promise<TKart | undefined>;
}) {
  const editor = useKartEditor({ initial, onSaved, reload });
  const { kart, form } = editor;
  return (
    <>
      <form onSubmit={editor.submit} noValidate aria-label="Quotation">
        <Stack gap="md">
          <KartHeading kart={kart} />
          <KartNotices kart={kart} conflict={editor.conflict} onReload={() => void editor.reloadKart()} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <fieldset disabled={kart?.isCancelled ?? false} className="kart-fieldset">
                <Stack gap="md">
                  <QuotationSection form={form} />
                  <ItinerarySections editor={editor} />
                  <Passengers form={form} />
                  <PriceAndPaymentSection form={form} />
                </Stack>
              </fieldset>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <KartSidePanel editor={editor} />
            </Grid.Col>
          </Grid>
        </Stack>
      </form>
      {/* Outside the quotation's form: recording a receipt is a form of its own. */}
      {kart && <KartPayments kart={kart} />}
      {kart?.isVouchered && <KartPaper kart={kart} />}
    </>
  );
}
