import { Button, Card, Group, NumberInput, SegmentedControl, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ZMarkupInput,
  addActivityMarkUp,
  deleteActivityMarkup,
  getActivityMarkUp,
  type TActivityMarkup,
} from '@tp/contracts/endpoints/activities';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { amountValue } from '#shared/AmountInput.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { toastError } from '#lib/notify.ts';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { ActivitiesPage } from './shared.tsx';

interface Values {
  groupId: string | null;
  markupType: 'fixed' | 'percent';
  markupValue: number | string;
}

const request = (v: Values) => ({
  groupId: v.groupId ?? '',
  markupType: v.markupType,
  markupValue: amountValue(v.markupValue) as number,
  isActive: true,
});
const schemaRules = schemaResolver(ZMarkupInput, { sync: true });

const describe = (m: Pick<TActivityMarkup, 'markupType' | 'markupValue'>) =>
  m.markupType === 'percent' ? `${m.markupValue}% of the price` : `${formatMoney(m.markupValue, 'AED')} per person`;

/**
 * /activities/markup: the activity markup of each customer group, fixed per person or a
 * percentage, added by the server to every activity price the group's agents and travellers see and pay.
 */
function MarkupScreen() {
  const list = useApi(getActivityMarkUp, {});
  const form = useForm<Values>({
    initialValues: { groupId: null, markupType: 'percent', markupValue: '' },
    validate: (v) => schemaRules(request(v) as never),
  });
  const save = useAction(addActivityMarkUp, {
    success: 'Activity markup saved',
    form,
    onSuccess: () => form.setFieldValue('markupValue', ''),
    revalidate: [getActivityMarkUp],
  });
  const remove = useAction(deleteActivityMarkup, {
    success: 'Activity markup deleted',
    revalidate: [getActivityMarkUp],
  });
  // The switch says the spec's own text when the change fails ('Error changing active status').
  const setActive = async (m: TActivityMarkup, isActive: boolean) => {
    try {
      await call(addActivityMarkUp, { ...m, isActive }, { handling: 'navigation' });
      await list.mutate();
    } catch (err) {
      toastError(MSG.activeStatusFailed);
      throw err;
    }
  };
  const groups = list.data?.groups ?? [];
  return (
    <>
      <Card withBorder padding="md">
        <form onSubmit={form.onSubmit((v) => void save.run(request(v)))} noValidate aria-label="Activity markup">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Customer group"
              required
              placeholder={list.isLoading ? 'Loading groups…' : groups.length ? 'Choose a group' : 'No groups yet'}
              data={groups.map((g) => ({ value: g.id, label: g.isDefault ? `${g.groupName} (default)` : g.groupName }))}
              w={240}
              {...form.getInputProps('groupId')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="markup-type-label">
                Markup type
              </Text>
              <SegmentedControl
                aria-labelledby="markup-type-label"
                data={[
                  { value: 'percent', label: 'Percentage' },
                  { value: 'fixed', label: 'Fixed per person' },
                ]}
                {...form.getInputProps('markupType')}
              />
            </Stack>
            <NumberInput
              label={form.values.markupType === 'percent' ? 'Markup (%)' : 'Markup per person'}
              required
              min={0}
              decimalScale={2}
              clampBehavior="none"
              w={160}
              {...form.getInputProps('markupValue')}
            />
            <Button type="submit" loading={save.busy}>
              Save markup
            </Button>
          </Group>
        </form>
      </Card>
      <DataTable<TActivityMarkup>
        label="Activity markups"
        rows={list.data?.records}
        loading={list.isLoading}
        empty="No activity markup yet: every group pays the DMC's rates."
        rowKey={(m) => m.id}
        minWidth={640}
        columns={[
          { key: 'group', header: 'Customer group', render: (m) => m.groupName || '(group deleted)' },
          { key: 'markup', header: 'Markup', render: describe },
          {
            key: 'active',
            header: 'Active',
            render: (m) => (
              <ServerSwitch
                // The column says what it is; the name still says whose markup it switches.
                label={<VisuallyHidden>{`Active for ${m.groupName}`}</VisuallyHidden>}
                checked={m.isActive}
                onChange={(next) => setActive(m, next)}
              />
            ),
          },
          { key: 'updated', header: 'Updated', nowrap: true, render: (m) => formatDateTime(m.updatedAt) },
          {
            key: 'delete',
            header: 'Actions',
            render: (m) => (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.busy && remove.pending?.id === m.id}
                onClick={() => void remove.run({ id: m.id })}
                aria-label={`Delete the markup of ${m.groupName}`}
              >
                Delete
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

export default function ActivityMarkupPage() {
  return (
    <ActivitiesPage
      title="Activity markup"
      permission="activities.markup"
      intro="What each customer group pays on top of the DMC's activity rates. Saving again for a group updates its markup."
    >
      <MarkupScreen />
    </ActivitiesPage>
  );
}
