import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  KART_TRANSFER_TYPES,
  SHARING_BASES,
  getTourOptionPriceForQuotationBuilder,
  type TTourOption,
  type TTourOptionPrice,
} from '@tp/contracts/endpoints/dmc';
import type { KartTransferType, SharingBasis } from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import type { RequestIn } from '#api/client.ts';
import { DateField } from '#shared/DateField.tsx';
import { isoDay } from '#shared/format.ts';
import { numberOrNull, requestResolver } from '#shared/form.ts';
import { KART_TRANSFER_LABELS, SHARING_BASIS_LABELS, money, optionsOf } from '../shared/format.ts';
import { Pair } from '../shared/forms.tsx';
import { MarketSelect } from '../shared/pickers.tsx';

interface Values {
  marketId: string | null;
  date: string;
  adults: number | string;
  children: number | string;
  transferType: KartTransferType | null;
  sharingBasis: SharingBasis | null;
}

const toBody = (tourOptionId: string) => (v: Values) => ({
  tourOptionId,
  ...(v.marketId ? { marketId: v.marketId } : {}),
  date: v.date,
  adults: numberOrNull(v.adults),
  children: numberOrNull(v.children),
  transferType: v.transferType,
  sharingBasis: v.transferType ? v.sharingBasis : null,
});

type Priced = Extract<TTourOptionPrice, { available: true }>;

function Breakdown({ price }: { price: Priced }) {
  const m = (n: number) => money(n, price.currency);
  const t = price.ticket;
  const kids = price.children ? ` + ${price.children} × ${m(t?.childAmount ?? 0)}` : '';
  return (
    <Table aria-label="Price breakdown" verticalSpacing={4}>
      <Table.Tbody>
        {t && (
          <Table.Tr>
            <Table.Td>Ticket</Table.Td>
            <Table.Td>
              {t.isPerPax
                ? `${price.adults} × ${m(t.adultAmount)}${kids}`
                : `${t.units} × ${m(t.adultAmount)} per group`}
            </Table.Td>
            <Table.Td ta="right">{m(t.amount)}</Table.Td>
          </Table.Tr>
        )}
        {price.transfers.map((l) => (
          <Table.Tr key={l.rateId + l.transferType}>
            <Table.Td>
              {l.transferType} ({l.sharingBasis})
            </Table.Td>
            <Table.Td>
              {l.units} × {m(l.unitAmount)} {l.isPerPax ? 'per person' : 'per vehicle'}
            </Table.Td>
            <Table.Td ta="right">{m(l.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th colSpan={2}>Price</Table.Th>
          <Table.Th ta="right" aria-label="Total price">
            {m(price.price)}
          </Table.Th>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * What a quotation would charge for this tour option (`dmc/getTourOptionPriceForQuotationBuilder`, the rate
 * engine): pick a market, day, party and transfer, and see which rates price it, or why none does.
 */
export function PriceCheck({ option }: { option: TTourOption }) {
  const [result, setResult] = useState<TTourOptionPrice | null>(null);
  const form = useForm<Values>({
    initialValues: {
      marketId: null,
      date: isoDay(new Date()),
      adults: 2,
      children: 0,
      transferType: null,
      sharingBasis: null,
    },
    validate: requestResolver(getTourOptionPriceForQuotationBuilder.request, toBody(option.id)),
  });
  // A read that answers the engine's price: no success toast, the breakdown shows it.
  const price = useAction(getTourOptionPriceForQuotationBuilder, { onSuccess: setResult });
  const submit = form.onSubmit((v) => {
    setResult(null);
    return price.run(toBody(option.id)(v) as RequestIn<typeof getTourOptionPriceForQuotationBuilder>);
  });
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
      <form onSubmit={submit} noValidate aria-label="Price check">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Price check
          </Title>
          <Pair>
            <MarketSelect clearable placeholder="Default market" {...form.getInputProps('marketId')} />
            <DateField label="Date" required {...form.getInputProps('date')} />
          </Pair>
          <Pair>
            <NumberInput label="Adults" min={1} allowDecimal={false} required {...form.getInputProps('adults')} />
            <NumberInput label="Children" min={0} allowDecimal={false} {...form.getInputProps('children')} />
          </Pair>
          <Pair>
            <Select
              label="Transfer"
              placeholder="Without transfer"
              clearable
              data={optionsOf(KART_TRANSFER_TYPES, KART_TRANSFER_LABELS)}
              {...form.getInputProps('transferType')}
            />
            <Select
              label="Sharing basis"
              placeholder="Choose a basis"
              disabled={!form.values.transferType}
              data={optionsOf(SHARING_BASES, SHARING_BASIS_LABELS)}
              {...form.getInputProps('sharingBasis')}
            />
          </Pair>
          <Group>
            <Button type="submit" loading={price.busy}>
              Get price
            </Button>
          </Group>
          <div aria-live="polite">
            {result?.available === true && <Breakdown price={result} />}
            {result?.available === false && (
              <Alert color="orange" title="Cannot be priced">
                <Text size="sm">{result.reason.message}</Text>
              </Alert>
            )}
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
