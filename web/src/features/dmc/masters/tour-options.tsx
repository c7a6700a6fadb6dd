import { useState } from 'react';
import { Badge, Checkbox, Group, Stack, Switch, TagsInput, TextInput, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { DMC_MSG, getTourOptions, saveTourOptions, type TTourOption } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { tourOptionErrors } from '@tp/domain/dmc';
import { FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { ActivitySelect } from '../shared/pickers.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';

const FLAGS = [
  ['hasTicket', 'Ticket'],
  ['hasMeal', 'Meal'],
  ['hasGuide', 'Guide'],
  ['hasTimeSlots', 'Time slots'],
] as const;

function TourOptionForm({
  option,
  done,
  cancel,
}: {
  option: TTourOption | null;
  done: () => void;
  cancel: () => void;
}) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveTourOptions,
    initialValues: {
      activityId: option?.activityId ?? null,
      name: option?.name ?? '',
      description: option?.description ?? '',
      hasTimeSlots: option?.hasTimeSlots ?? false,
      timeSlots: option?.timeSlots ?? [],
      hasMeal: option?.hasMeal ?? false,
      hasGuide: option?.hasGuide ?? false,
      hasTicket: option?.hasTicket ?? true,
      pickupTime: option?.pickupTime ?? '',
      dropPickupTime: option?.dropPickupTime ?? '',
    },
    toBody: (v) => ({
      ...(option ? { id: option.id } : {}),
      ...(v.activityId ? { activityId: v.activityId } : {}),
      name: v.name,
      description: v.description,
      hasTimeSlots: v.hasTimeSlots,
      // Slots only mean something when the option is sold by slot.
      timeSlots: v.hasTimeSlots ? v.timeSlots : [],
      hasMeal: v.hasMeal,
      hasGuide: v.hasGuide,
      hasTicket: v.hasTicket,
      pickupTime: v.pickupTime || null,
      dropPickupTime: v.dropPickupTime || null,
    }),
    rule: tourOptionErrors,
    success: DMC_MSG.tourOptionSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ActivitySelect required valueLabel={option?.activityName} {...form.getInputProps('activityId')} />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={3} maxRows={5} {...form.getInputProps('description')} />
        <Group gap="lg" wrap="wrap">
          <Checkbox label="Has ticket" {...form.getInputProps('hasTicket', { type: 'checkbox' })} />
          <Checkbox label="Has meal" {...form.getInputProps('hasMeal', { type: 'checkbox' })} />
          <Checkbox label="Has guide" {...form.getInputProps('hasGuide', { type: 'checkbox' })} />
        </Group>
        <Switch label="Sold by time slot" {...form.getInputProps('hasTimeSlots', { type: 'checkbox' })} />
        {form.values.hasTimeSlots && (
          <TagsInput
            label="Time slots"
            description="HH:MM, Enter after each"
            placeholder="e.g. 10:00"
            {...form.getInputProps('timeSlots')}
          />
        )}
        <Pair>
          <TimeInput label="Pickup time" {...form.getInputProps('pickupTime')} />
          <TimeInput label="Drop pickup time" {...form.getInputProps('dropPickupTime')} />
        </Pair>
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** Tour options (spec 001 §3): the sellable variants of an activity, with their flags and pickup times. */
export function TourOptionsSection() {
  const [activityId, setActivityId] = useState<string | null>(null);
  const list = useServerList(getTourOptions, activityId ? { activityId } : {});
  return (
    <MasterSection
      noun="tour option"
      plural="Tour options"
      list={list}
      searchLabel="Search tour options"
      filters={
        <ActivitySelect value={activityId} onChange={setActivityId} clearable placeholder="Every activity" w={280} />
      }
      empty={MSG.noResults}
      entity="tourOption"
      rowKey={(o) => o.id}
      subject={(o) => `${o.activityName} · ${o.name}`}
      columns={[
        { key: 'activity', header: 'Activity', render: (o) => o.activityName },
        { key: 'name', header: 'Tour option', render: (o) => o.name },
        {
          key: 'flags',
          header: 'Includes',
          render: (o) => (
            <Group gap={4}>
              {FLAGS.filter(([flag]) => o[flag]).map(([flag, label]) => (
                <Badge key={flag} size="sm" variant="light">
                  {label}
                </Badge>
              ))}
            </Group>
          ),
        },
        {
          key: 'times',
          header: 'Pickup / drop pickup',
          nowrap: true,
          render: (o) => `${o.pickupTime ?? '—'} / ${o.dropPickupTime ?? '—'}`,
        },
      ]}
      form={(o, done, cancel) => <TourOptionForm option={o} done={done} cancel={cancel} />}
    />
  );
}
