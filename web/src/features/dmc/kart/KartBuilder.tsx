import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import {
  KART_MSG,
  cancelKart,
  removeKartAccomodation,
  removeKartActivity,
  removeKartMiscellaneous,
  saveKart,
  type TKart,
} from '@tp/contracts/endpoints/kart';
import { PRICE_BREAKUPS } from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import { InvoiceLink } from '#features/invoices/index.ts';
import { ApiError, call, type RequestIn } from '#api/client.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { DateField } from '#shared/DateField.tsx';
import { toastError } from '#lib/notify.ts';
import { AmountField } from '../shared/forms.tsx';
import { MarketSelect } from '../shared/pickers.tsx';
import { rulesResolver } from '../shared/rules.ts';
import { CustomerField } from './CustomerField.tsx';
import { blankKart, blankLine, kartBody, kartRule, kartValues, previewTotals, type KartValues } from './form.ts';
import { ActivityLine, FlightLine, HotelLine, MiscLine, Passengers, Section, type LineSection } from './lines.tsx';
import { BREAKUP_LABELS } from './labels.ts';
import { ShareActions } from './ShareActions.tsx';
import { StatusBadges } from './status.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { GroupError } from './TransferFields.tsx';
import './kart.css';

const CURRENCIES = ['AED', 'USD', 'INR', 'EUR', 'GBP', 'SAR', 'OMR', 'QAR'];

const REMOVE = {
  accomodations: removeKartAccomodation,
  activities: removeKartActivity,
  miscellaneous: removeKartMiscellaneous,
} as const;

/** The §5 rules as a form validator; `vouchered` adds the vouchered rules. */
const validator = (saved: TKart | null, vouchered: boolean) =>
  rulesResolver(
    saveKart.request,
    (v: KartValues) => kartBody(v, saved && { id: saved.id, version: saved.version }, vouchered),
    kartRule,
  );

/** The print view of a saved quotation (our route, docs/dmc.md "Karts"). */
export const printPath = (id: string) => `/staff/kart/${encodeURIComponent(id)}/print`;

/**
 * The quotation builder (issue #14 item 1): one screen of sections, checked by the domain's §5 rules before
 * anything is sent, with the totals preview beside it. `initial` null: a new quotation.
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
  const [kart, setKart] = useState<TKart | null>(initial);
  const [conflict, setConflict] = useState(false);
  // The validator reads the kart as it is now (its version, whether it is vouchered), not as first rendered:
  // every setKart below sets it too.
  const current = useRef(kart);
  const form = useForm<KartValues>({
    initialValues: initial ? kartValues(initial) : blankKart(),
    validate: (v) => validator(current.current, current.current?.isVouchered ?? false)(v),
  });

  /** The server's kart becomes the form's (its lines, ids and version). */
  const adopt = (k: TKart) => {
    setKart(k);
    current.current = k;
    const values = kartValues(k);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    setConflict(false);
  };
  const onConflict = (e: unknown) => {
    if (e instanceof ApiError && e.status === 409) setConflict(true);
  };

  const save = useAction(saveKart, {
    success: (_k, input) => (input.isVouchered && !current.current?.isVouchered ? KART_MSG.vouchered : KART_MSG.saved),
    form,
    onSuccess: (k) => {
      adopt(k);
      onSaved(k);
    },
    onError: onConflict,
  });
  const cancel = useAction(cancelKart, {
    success: KART_MSG.cancelled,
    onSuccess: (k) => {
      adopt(k);
      onSaved(k);
    },
    onError: onConflict,
  });
  const body = (vouchered: boolean) =>
    kartBody(form.values, kart && { id: kart.id, version: kart.version }, vouchered) as RequestIn<typeof saveKart>;
  const submit = form.onSubmit(() => save.run(body(kart?.isVouchered ?? false)));

  /** Voucher: the vouchered rules first, on the fields; nothing is sent while one fails. */
  const voucher = async () => {
    const errors = validator(kart, true)(form.values);
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      toastError(String(Object.values(errors)[0]));
      return;
    }
    await save.run(body(true));
  };

  const removeSaved = async (section: LineSection, index: number) => {
    const k = current.current;
    const line = form.values[section][index];
    if (section === 'flightDetails' || !k || !line?.id) return;
    const wasDirty = form.isDirty();
    try {
      const next = await call(REMOVE[section], { id: k.id, lineId: line.id, version: k.version });
      if (!wasDirty) adopt(next);
      else {
        // Other edits stay on the form; the kart (version, totals) is the server's.
        setKart(next);
        current.current = next;
        form.removeListItem(section, index);
      }
    } catch (e) {
      onConflict(e);
      throw e;
    }
  };

  const reloadKart = async () => {
    const k = await reload();
    if (k) adopt(k);
  };

  /**
   * A hotel, activity or other service line: the quotation now has an itinerary, so the §5 "at least one itinerary"
   * message goes with it (issue #29 item 17; it is checked again on save).
   */
  const addItinerary = (section: 'accomodations' | 'activities' | 'miscellaneous') => {
    form.insertListItem(section, blankLine[section]());
    form.clearFieldError('itinerary');
  };

  const v = form.values;
  const dirty = form.isDirty();
  const totals = !kart || dirty ? previewTotals(v) : kart.totals;
  const closed = kart?.isCancelled ?? false;
  const lineProps = (index: number) => ({ form, index, removeSaved });

  return (
    <form onSubmit={submit} noValidate aria-label="Quotation">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {kart ? kart.kartName : 'New quotation'}
            </Title>
            {kart && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {kart.quotationId} · version {kart.version}
                </Text>
                <StatusBadges deadline={kart.deadline} />
              </Group>
            )}
          </Stack>
          {kart && (
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={printPath(kart.id)} size="sm">
                Print view
              </Anchor>
              <ShareActions kartId={kart.id} kartName={kart.kartName} share={kart.share} />
              {/* Issued when it is vouchered; a cancellation after that adds the credit note to the same page. */}
              {kart.isVouchered && <InvoiceLink source="kart" sourceId={kart.id} />}
            </Group>
          )}
        </Group>

        {conflict && (
          <Alert color="orange" title="Changed meanwhile" role="alert">
            <Stack gap="xs">
              <Text size="sm">{KART_MSG.changedMeanwhile}</Text>
              <Group>
                <Button size="xs" onClick={() => void reloadKart()}>
                  Reload
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {closed && (
          <Alert color="gray" role="status">
            This quotation is cancelled; it can no longer be changed.
          </Alert>
        )}
        {kart?.isVouchered && !closed && (
          <Alert color="blue" role="status">
            Vouchered: its transfers are on the job sheet. Changes must keep the vouchered rules.
          </Alert>
        )}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <fieldset disabled={closed} className="kart-fieldset">
              <Stack gap="md">
                <Section title="Quotation">
                  <CustomerField
                    value={v.customerId}
                    valueLabel={v.customerName}
                    error={form.errors.customerId as string | undefined}
                    onChange={(id, label) => form.setValues({ customerId: id, customerName: label })}
                  />
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <TextInput label="Quotation name" required {...form.getInputProps('kartName')} />
                    <MarketSelect
                      clearable
                      placeholder="The customer's market"
                      description="Activities are priced in this market"
                      {...form.getInputProps('marketId')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 3 }} spacing="sm">
                    <NumberInput
                      label="Adults"
                      required
                      min={1}
                      allowDecimal={false}
                      {...form.getInputProps('adults')}
                    />
                    <NumberInput
                      label="Children"
                      required
                      min={0}
                      allowDecimal={false}
                      {...form.getInputProps('child')}
                    />
                    <NumberInput
                      label="Infants"
                      required
                      min={0}
                      allowDecimal={false}
                      {...form.getInputProps('infant')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                    <DateField label="Arrival date" required {...form.getInputProps('arrivalDate')} />
                    <NumberInput
                      label="Valid for (days)"
                      min={1}
                      allowDecimal={false}
                      {...form.getInputProps('quoteValidyInDays')}
                    />
                    <NumberInput
                      label="Days"
                      required
                      min={1}
                      max={90}
                      clampBehavior="none"
                      allowDecimal={false}
                      {...form.getInputProps('noOfDays')}
                    />
                    <NumberInput
                      label="Nights"
                      required
                      min={0}
                      max={90}
                      clampBehavior="none"
                      allowDecimal={false}
                      {...form.getInputProps('noOfNights')}
                    />
                  </SimpleGrid>
                  <GroupError form={form} path="itinerary" />
                </Section>

                <Section
                  title="Hotels"
                  add="Add hotel"
                  onAdd={() => addItinerary('accomodations')}
                  empty={v.accomodations.length === 0}
                >
                  {v.accomodations.map((l, i) => (
                    <HotelLine key={l.key} {...lineProps(i)} />
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

                <Section
                  title="Flights"
                  add="Add flight"
                  onAdd={() => form.insertListItem('flightDetails', blankLine.flightDetails())}
                  empty={v.flightDetails.length === 0}
                >
                  {v.flightDetails.map((l, i) => (
                    <FlightLine key={l.key} {...lineProps(i)} />
                  ))}
                </Section>

                <Passengers form={form} />

                <Section title="Price and payment">
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                    <AmountField label="Service charge" required={false} {...form.getInputProps('serviceCharge')} />
                    <AmountField
                      label="Remittance charge"
                      required={false}
                      {...form.getInputProps('remittanceCharge')}
                    />
                    <AmountField label="Discount" required={false} {...form.getInputProps('discount')} />
                    <Select
                      label="Currency"
                      data={CURRENCIES}
                      allowDeselect={false}
                      {...form.getInputProps('currencySymbol')}
                    />
                  </SimpleGrid>
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="breakup-label">
                      Price break-up on the quotation
                    </Text>
                    <SegmentedControl
                      aria-labelledby="breakup-label"
                      data={PRICE_BREAKUPS.map((value) => ({ value, label: BREAKUP_LABELS[value] }))}
                      {...form.getInputProps('priceBreakup')}
                    />
                  </Stack>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <DateField label="Payment deadline" clearable {...form.getInputProps('paymentDeadline')} />
                    <AmountField
                      label="Collected payment"
                      required={false}
                      {...form.getInputProps('collectedPayment')}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Remark for the customer"
                    description="Printed on the quotation"
                    autosize
                    minRows={3}
                    maxRows={5}
                    {...form.getInputProps('remarkForCustomer')}
                  />
                  <Textarea
                    label="Internal remark"
                    description="Staff only; never printed"
                    autosize
                    minRows={3}
                    maxRows={5}
                    {...form.getInputProps('internalRemark')}
                  />
                  <Switch
                    label="Agent branding (the quotation carries the agent's name, not the site's)"
                    {...form.getInputProps('isAgentBranding', { type: 'checkbox' })}
                  />
                </Section>
              </Stack>
            </fieldset>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div className="kart-side">
              <TotalsPanel totals={totals} currency={v.currencySymbol} saved={!!kart && !dirty} />
              {!closed && (
                <Paper withBorder p="md" mt="md">
                  <Stack gap="xs">
                    <Button type="submit" loading={save.busy}>
                      {kart ? 'Save changes' : 'Save quotation'}
                    </Button>
                    {kart && !kart.isVouchered && (
                      <ActionButton
                        label="Voucher"
                        subject={kart.kartName}
                        size="sm"
                        variant="light"
                        confirm="The quotation is saved as it stands and vouchered: its transfers go on the job sheet. A vouchered quotation can only be cancelled, not un-vouchered."
                        run={voucher}
                      />
                    )}
                    {kart && (
                      <ActionButton
                        label="Cancel quotation"
                        subject={kart.kartName}
                        size="sm"
                        variant="subtle"
                        color="red"
                        confirm="Cancelling is final; the open transfers of the quotation are cancelled with it."
                        run={() => cancel.run({ id: kart.id, version: kart.version })}
                      />
                    )}
                    {dirty && kart && (
                      <Badge color="yellow" variant="light">
                        Unsaved changes
                      </Badge>
                    )}
                  </Stack>
                </Paper>
              )}
            </div>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
