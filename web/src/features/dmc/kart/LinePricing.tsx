import { Badge, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { TKart } from '@tp/contracts/endpoints/kart';
import { money } from '../shared/format.ts';
import { AmountField } from '../shared/forms.tsx';
import type { KartSection } from '@tp/domain/dmc';
import type { KartForm } from './TransferFields.tsx';

type LineMargin = TKart['margins']['lines'][KartSection][number];

const pct = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)} %`);

/**
 * A line's money for staff: its cost (typed where no contract prices it), a price set by hand with its reason, and
 * what the saved quotation makes on it. The quotation document never shows any of this.
 */
export function LinePricing({
  form,
  at,
  typedCost,
  margin,
  working,
  currency,
}: {
  form: KartForm;
  at: string;
  /** True where staff type the cost (misc, flights, hand-priced hotels); else the contracts give it. */
  typedCost: boolean;
  /** The saved line's figures (absent for a new or changed line). */
  margin: LineMargin | undefined;
  working: string | null | undefined;
  currency: string;
}) {
  const m = (n: number) => money(n, currency);
  const overridden = String(form.getInputProps(`${at}.overridePrice`).value ?? '') !== '';
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {typedCost && <AmountField label="Cost" required={false} {...form.getInputProps(`${at}.cost`)} />}
        <AmountField
          label="Override price"
          required={false}
          {...form.getInputProps(`${at}.overridePrice`)}
          error={form.errors[`${at}.override.price`] ?? form.errors[`${at}.overridePrice`]}
        />
        <TextInput
          label="Override reason"
          required={overridden}
          disabled={!overridden}
          {...form.getInputProps(`${at}.overrideReason`)}
          error={form.errors[`${at}.override.reason`] ?? form.errors[`${at}.overrideReason`]}
        />
      </SimpleGrid>
      {working && (
        <Text size="xs" c="gray.7">
          Priced from the contracts: {working}
        </Text>
      )}
      {margin && (
        <Group gap="xs" data-testid="line-margin">
          {margin.override && (
            <Badge color="orange" variant="light" title={margin.override.reason}>
              Overridden (computed {m(margin.computedPrice)}): {margin.override.reason}
            </Badge>
          )}
          <Text size="xs" c="gray.7">
            Cost {margin.costKnown ? m(margin.cost) : 'not known'} · sell {m(margin.sell)} · margin {m(margin.margin)} (
            {pct(margin.marginPercent)}, markup {pct(margin.markupPercent)})
          </Text>
        </Group>
      )}
    </>
  );
}
