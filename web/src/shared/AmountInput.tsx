import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A rupee amount: two decimals, grouped thousands. Out-of-range values are kept as typed, never clamped:
 * clamping on blur turned a typed −50 into ₹1 that was then charged; the form refuses them.
 * Props override the defaults.
 */
export function AmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      label="Amount (₹)"
      min={1}
      clampBehavior="none"
      decimalScale={2}
      thousandSeparator=","
      required
      {...props}
    />
  );
}

/**
 * An AmountInput's form value as the contract's amount: emptied, the input holds '', which the schema's
 * coercion would read as 0 ("must be greater than 0"); as a missing amount it says "Required".
 */
export const amountValue = (amount: number | string): number | undefined =>
  amount === '' ? undefined : Number(amount);
