import type { ReactNode } from 'react';
import { NumberInput, SimpleGrid, type NumberInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type * as z from 'zod/mini';
import type { Endpoint } from '@tp/contracts/endpoint';
import type { DmcMessages, RateTerms } from '@tp/domain/dmc';
import type { ResponseIn } from '#api/client.ts';
import { DateField } from '#shared/DateField.tsx';
import { numberOrNull, useEndpointForm, type FieldProblems } from '#shared/form.ts';
import { toastError, toastInfo } from '#lib/notify.ts';
import { dmcRule } from './rules.ts';

type Values = Record<string, unknown>;

/**
 * A DMC create/edit dialog's form: the app's `useEndpointForm` (#shared/form.ts) with the DMC's own parts:
 * the domain rule given the spec's messages, a save's `warning` beside the record (an overlapping rate) as an
 * info toast, and `failure`, the screen's own text instead of the server's failure toast ('Failed to create
 * combo').
 */
export function useSaveForm<V extends Values, E extends Endpoint>({
  endpoint,
  initialValues,
  toBody,
  rule,
  success,
  failure,
  onSaved,
}: {
  endpoint: E;
  initialValues: V;
  toBody: (values: V) => Partial<z.input<E['request']>>;
  rule?: (request: z.output<E['request']>, messages: DmcMessages) => FieldProblems;
  success: string;
  failure?: string;
  onSaved: (saved: ResponseIn<E>) => void;
}) {
  return useEndpointForm({
    endpoint,
    initialValues,
    toRequest: toBody,
    ...(rule ? { rule: dmcRule(rule) } : {}),
    success,
    onSuccess: (saved) => {
      // A save may carry a warning beside the record (an overlapping rate): shown, not a refusal.
      const warning = (saved as { warning?: unknown }).warning;
      if (typeof warning === 'string' && warning) toastInfo(warning);
      onSaved(saved);
    },
    ...(failure ? { call: { handling: 'navigation' as const }, onError: () => toastError(failure) } : {}),
  });
}

/** Cancel and Save under a dialog's fields (the app's one form footer). */
export { FormFooter as FormButtons } from '#shared/FormFooter.tsx';

/** Two fields side by side from 600 px up, stacked below. */
export const Pair = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
    {children}
  </SimpleGrid>
);

/**
 * A rate's amount: required, two decimals, not below 0. A typed −5 is kept (no clamping) so that the rule
 * refuses it with its message instead of the field silently changing it.
 */
export const AmountField = (props: NumberInputProps) => (
  <NumberInput required min={0} decimalScale={2} clampBehavior="none" {...props} />
);

/** A form holding these fields (any form: only their input props are read). */
type FormWith<K extends string> = {
  getInputProps: (path: K) => ReturnType<UseFormReturnType<Values>['getInputProps']>;
};
type BandForm = FormWith<'minPax' | 'maxPax'>;
type ValidityForm = FormWith<'validFromDate' | 'validTillDate'>;

/** Min and max pax (whole numbers: §5 "number-type text inputs convert to integers"). */
export function PaxBandFields({ form, required }: { form: BandForm; required?: boolean }) {
  return (
    <Pair>
      <NumberInput label="Min pax" min={1} allowDecimal={false} required={required} {...form.getInputProps('minPax')} />
      <NumberInput label="Max pax" min={1} allowDecimal={false} required={required} {...form.getInputProps('maxPax')} />
    </Pair>
  );
}

/** Valid from / valid till, both days included. */
export function ValidityFields({ form }: { form: ValidityForm }) {
  return (
    <Pair>
      <DateField label="Valid from" required {...form.getInputProps('validFromDate')} />
      <DateField label="Valid till" required {...form.getInputProps('validTillDate')} />
    </Pair>
  );
}

/** The form values of a rate's terms, as saved or blank for a new rate (number fields hold '' when empty). */
export const termsValues = (rate: RateTerms | null) => ({
  marketId: rate?.marketId ?? null,
  isPerPax: rate?.isPerPax ?? true,
  minPax: (rate?.minPax ?? '') as number | string,
  maxPax: (rate?.maxPax ?? '') as number | string,
  validFromDate: rate?.validFromDate ?? '',
  validTillDate: rate?.validTillDate ?? '',
});

/** The request fields of a rate's terms (a market not chosen yet is left out, so the rule names it). */
export const termsBody = (v: ReturnType<typeof termsValues>) => ({
  ...(v.marketId ? { marketId: v.marketId } : {}),
  isPerPax: v.isPerPax,
  minPax: numberOrNull(v.minPax),
  maxPax: numberOrNull(v.maxPax),
  validFromDate: v.validFromDate,
  validTillDate: v.validTillDate,
});
