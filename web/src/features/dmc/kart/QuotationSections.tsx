import {
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import { getDefaultMarketOptions } from '@tp/contracts/endpoints/dmc';
import { PRICE_BREAKUPS } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { DateField } from '#shared/DateField.tsx';
import { AmountField } from '../shared/forms.tsx';
import { MarketSelect } from '../shared/pickers.tsx';
import { CustomerField } from './CustomerField.tsx';
import { BREAKUP_LABELS } from './labels.ts';
import { Section } from './lines.tsx';
import { GroupError, type KartForm } from './TransferFields.tsx';

const CURRENCIES = ['AED', 'USD', 'INR', 'EUR', 'GBP', 'SAR', 'OMR', 'QAR'];

/** The quotation's own fields: customer, name, market, party, dates and length of stay. */
export function QuotationSection({ form }: { form: KartForm }) {
  const v = form.values;
  // The customer's market (else the site's default) is filled in when a customer is chosen, so the activity prices
  // shown are the ones the save will store; staff may pick another.
  const markets = useApi(getDefaultMarketOptions, v.customerId ? { userId: v.customerId } : null, {
    call: { handling: 'navigation' },
  });
  const resolved = markets.data ? (markets.data.customerMarketId ?? markets.data.defaultMarketId) : null;
  const openedWith = useRef(v.customerId);
  useEffect(() => {
    if (v.customerId === openedWith.current) return; // a saved quotation opens on the market it was priced in
    if (resolved && !form.values.marketId) form.setFieldValue('marketId', resolved);
    // Only a newly chosen customer's answer fills the market (a market staff cleared stays cleared).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markets.data]);
  const customerHasMarket = !!markets.data?.customerMarketId;
  return (
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
          placeholder="The site's default market"
          description={
            v.customerId
              ? customerHasMarket
                ? "Filled in with the customer's market; activities are priced in it"
                : "The customer has no market of their own: the site's default applies"
              : 'Choosing a customer fills in their market'
          }
          {...form.getInputProps('marketId')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        <NumberInput label="Adults" required min={1} allowDecimal={false} {...form.getInputProps('adults')} />
        <NumberInput label="Children" required min={0} allowDecimal={false} {...form.getInputProps('child')} />
        <NumberInput label="Infants" required min={0} allowDecimal={false} {...form.getInputProps('infant')} />
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
  );
}

/** Charges, discount, currency, the break-up printed, the payment terms and the remarks. */
export function PriceAndPaymentSection({ form }: { form: KartForm }) {
  return (
    <Section title="Price and payment">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <AmountField label="Service charge" required={false} {...form.getInputProps('serviceCharge')} />
        <AmountField label="Remittance charge" required={false} {...form.getInputProps('remittanceCharge')} />
        <AmountField label="Discount" required={false} {...form.getInputProps('discount')} />
        <Select label="Currency" data={CURRENCIES} allowDeselect={false} {...form.getInputProps('currencySymbol')} />
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
      <PaymentTermsFields form={form} />
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
  );
}

/**
 * The payment deadline and terms: the site's terms (DMC settings) unless the quotation has its own, a deposit due
 * on acceptance (a percentage or an amount) and the balance a number of days before arrival; a typed deadline
 * wins over the terms' day.
 */
function PaymentTermsFields({ form }: { form: KartForm }) {
  const own = form.values.ownTerms;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField
          label="Payment deadline"
          description="Empty: the payment terms' day"
          clearable
          {...form.getInputProps('paymentDeadline')}
        />
        <Switch
          mt={{ base: 0, xs: 'lg' }}
          label="Own payment terms for this quotation"
          description="Off: the site's terms"
          {...form.getInputProps('ownTerms', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label="Deposit"
          data={[
            { value: 'percent', label: 'Percent of the total' },
            { value: 'amount', label: 'Fixed amount' },
          ]}
          allowDeselect={false}
          disabled={!own}
          {...form.getInputProps('depositKind')}
        />
        <NumberInput
          label={form.values.depositKind === 'percent' ? 'Deposit (%)' : 'Deposit amount'}
          min={0}
          decimalScale={2}
          disabled={!own}
          {...form.getInputProps('depositValue')}
          error={form.errors['paymentTerms.depositValue'] ?? form.errors.depositValue}
        />
        <NumberInput
          label="Balance due (days before arrival)"
          min={0}
          max={365}
          allowDecimal={false}
          disabled={!own}
          {...form.getInputProps('balanceDaysBeforeArrival')}
          error={form.errors['paymentTerms.balanceDaysBeforeArrival'] ?? form.errors.balanceDaysBeforeArrival}
        />
      </SimpleGrid>
    </Stack>
  );
}
