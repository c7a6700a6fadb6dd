import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { RATE_SHARING_BASES, createDmcCombo, type TCombo } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { addTourOptionProblem, comboErrors } from '@tp/domain/dmc';
import { numberOrNull } from '#shared/form.ts';
import { optionsOf } from '../shared/format.ts';
import { AmountField, FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { TourOptionSelect, type PickOption } from '../shared/pickers.tsx';
import { RULE_MESSAGES } from '../shared/rules.ts';

type Basis = (typeof RATE_SHARING_BASES)[number];
interface Line {
  tourOptionId: string;
  name: string;
  onwardTransfer: Basis | null;
  returnTransfer: Basis | null;
}

const TRANSFERS = optionsOf(RATE_SHARING_BASES);

/**
 * Create or edit a combo (spec 001 §5 "Combo"): tour options are added one at a time ('Please select a tour
 * option', 'Tour already added'), each with its onward and return transfer; the amount is per person
 * ('Please enter a valid amount'). 'Combo created successfully' / 'Failed to create combo' (§8).
 */
export function ComboForm({ combo, done, cancel }: { combo: TCombo | null; done: () => void; cancel: () => void }) {
  const [picked, setPicked] = useState<PickOption | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const { form, submit, busy } = useSaveForm({
    endpoint: createDmcCombo,
    initialValues: {
      name: combo?.name ?? '',
      currency: combo?.currency ?? 'AED',
      amount: (combo?.amount ?? '') as number | string,
      tourOptions: (combo?.tourOptions ?? []).map((t): Line => ({
        tourOptionId: t.tourOptionId,
        name: t.name,
        onwardTransfer: t.onwardTransfer,
        returnTransfer: t.returnTransfer,
      })),
    },
    toBody: (v) => ({
      ...(combo ? { id: combo.id } : {}),
      name: v.name,
      currency: v.currency,
      amount: numberOrNull(v.amount),
      tourOptions: v.tourOptions.map(({ tourOptionId, onwardTransfer, returnTransfer }) => ({
        tourOptionId,
        onwardTransfer,
        returnTransfer,
      })),
    }),
    // A line without a picked option reads as blank, so the rule says 'Please select a tour option'.
    rule: (r, m) =>
      comboErrors(
        {
          ...r,
          tourOptions: r.tourOptions.map((t) => ({
            tourOptionId: t.tourOptionId ?? '',
            onwardTransfer: t.onwardTransfer ?? null,
            returnTransfer: t.returnTransfer ?? null,
          })),
        },
        m,
      ),
    success: MSG.comboCreated,
    failure: MSG.comboFailed,
    onSaved: done,
  });
  const lines = form.values.tourOptions;
  const add = () => {
    const problem = addTourOptionProblem(lines, picked?.value, RULE_MESSAGES);
    setPickError(problem);
    if (problem || !picked) return;
    form.insertListItem('tourOptions', {
      tourOptionId: picked.value,
      name: picked.label,
      onwardTransfer: null,
      returnTransfer: null,
    } satisfies Line);
    form.clearFieldError('tourOptions');
    setPicked(null);
  };
  const listError = form.errors.tourOptions;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Pair>
          <AmountField label="Amount per person" {...form.getInputProps('amount')} />
          <TextInput
            label="Currency"
            required
            maxLength={3}
            {...form.getInputProps('currency')}
            onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
          />
        </Pair>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TourOptionSelect
            label="Add a tour option"
            value={picked?.value ?? null}
            onChange={(_v, o) => {
              setPicked(o);
              setPickError(null);
            }}
            error={pickError ?? undefined}
            w={340}
          />
          <Button variant="light" onClick={add} mt={25}>
            Add
          </Button>
        </Group>
        {lines.length === 0 ? (
          <Text size="sm" c={listError ? 'red' : 'dimmed'} role={listError ? 'alert' : undefined}>
            {listError ?? 'No tour options added yet.'}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Tour options of the combo"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {listError && (
              <Text size="sm" c="red" role="alert">
                {listError}
              </Text>
            )}
            {lines.map((line, i) => (
              <Paper key={line.tourOptionId} withBorder p="xs" component="li">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600} style={{ flex: '1 1 200px' }}>
                    {line.name}
                  </Text>
                  <Select
                    aria-label={`Onward transfer of ${line.name}`}
                    placeholder="No onward transfer"
                    data={TRANSFERS}
                    clearable
                    size="xs"
                    w={170}
                    {...form.getInputProps(`tourOptions.${i}.onwardTransfer`)}
                  />
                  <Select
                    aria-label={`Return transfer of ${line.name}`}
                    placeholder="No return transfer"
                    data={TRANSFERS}
                    clearable
                    size="xs"
                    w={170}
                    {...form.getInputProps(`tourOptions.${i}.returnTransfer`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${line.name}`}
                    onClick={() => form.removeListItem('tourOptions', i)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}
