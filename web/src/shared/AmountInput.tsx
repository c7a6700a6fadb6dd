import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A rupee amount: two decimals, grouped thousands, never negative. Props override the defaults. */
export function AmountInput(props: NumberInputProps) {
  return <NumberInput label="Amount (₹)" min={1} decimalScale={2} thousandSeparator="," required {...props} />;
}
