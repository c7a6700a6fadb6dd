import { useState } from 'react';
import { NumberInput, Stack, TextInput, Textarea } from '@mantine/core';
import { getActivities, saveActivity, type TActivity } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { DEFAULT_ACTIVITY_PRIORITY, activityErrors } from '@tp/domain/dmc';
import { numberOrNull } from '#shared/form.ts';
import { FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { AreaSelect, CitySelect, cityBody } from '../shared/pickers.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';

function ActivityForm({
  activity,
  done,
  cancel,
}: {
  activity: TActivity | null;
  done: () => void;
  cancel: () => void;
}) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveActivity,
    initialValues: {
      name: activity?.name ?? '',
      description: activity?.description ?? '',
      cityId: activity ? String(activity.cityId) : null,
      cityName: activity?.cityName ?? '',
      priority: (activity?.priority ?? DEFAULT_ACTIVITY_PRIORITY) as number | string,
      area: activity?.area ?? null,
    },
    toBody: (v) => ({
      ...(activity ? { id: activity.id } : {}),
      name: v.name,
      description: v.description,
      ...cityBody(v),
      priority: numberOrNull(v.priority),
      area: v.area,
    }),
    rule: activityErrors,
    // 'Activity Saved Successfully' (spec 001 §8), unless the server words it.
    success: MSG.activitySaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Pair>
          <CitySelect
            required
            valueLabel={activity?.cityName}
            {...form.getInputProps('cityId')}
            onChange={(v, o) => form.setValues({ cityId: v, cityName: o?.label ?? '', area: null })}
          />
          <AreaSelect
            cityId={form.values.cityId ? Number(form.values.cityId) : null}
            valueLabel={activity?.areaName}
            clearable
            disabled={!form.values.cityId}
            description="Pickups start from here"
            {...form.getInputProps('area')}
          />
        </Pair>
        <Textarea label="Description" autosize minRows={3} maxRows={5} {...form.getInputProps('description')} />
        <NumberInput
          label="Priority"
          description="Higher shows first in lists and searches"
          min={1}
          allowDecimal={false}
          w={200}
          {...form.getInputProps('priority')}
        />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** Activities (spec 001 §3): name and city required, priority 1 unless set, optionally an area. */
export function ActivitiesSection() {
  const [city, setCity] = useState<string | null>(null);
  const list = useServerList(getActivities, city ? { cityId: Number(city) } : {});
  return (
    <MasterSection
      noun="activity"
      plural="Activities"
      list={list}
      searchLabel="Search activities"
      filters={<CitySelect label="City" value={city} onChange={setCity} clearable placeholder="Every city" w={240} />}
      empty={MSG.noResults}
      entity="activity"
      rowKey={(a) => a.id}
      subject={(a) => a.name}
      columns={[
        { key: 'name', header: 'Name', render: (a) => a.name },
        { key: 'city', header: 'City', render: (a) => a.cityName },
        { key: 'area', header: 'Area', render: (a) => a.areaName ?? '—' },
        { key: 'priority', header: 'Priority', render: (a) => a.priority },
      ]}
      form={(a, done, cancel) => <ActivityForm activity={a} done={done} cancel={cancel} />}
    />
  );
}
