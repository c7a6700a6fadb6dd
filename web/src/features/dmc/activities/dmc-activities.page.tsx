import { useState } from 'react';
import { Button, Group, NumberInput, Select } from '@mantine/core';
import { mapAreaActivity } from '@tp/contracts/endpoints/areas';
import {
  DMC_MSG,
  fetchActivities,
  getAllCities,
  updateActivityPriority,
  type TActivity,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { activityErrors } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { useAction } from '#api/action.ts';
import { useServerList, ServerTable } from '../shared/list.tsx';
import { DmcPage } from '../shared/page.tsx';
import { AreaSelect } from '../shared/pickers.tsx';
import { RULE_MESSAGES } from '../shared/rules.ts';

/** An activity's priority, edited in its row and saved on its own (higher shows first). */
function PriorityEditor({ activity, onSaved }: { activity: TActivity; onSaved: () => void }) {
  const [value, setValue] = useState<number | string>(activity.priority);
  const priority = value === '' ? null : Number(value);
  const error =
    activityErrors({ ...activity, priority }, RULE_MESSAGES).priority ?? (priority === null ? MSG.required : undefined);
  const save = useAction(updateActivityPriority, { success: DMC_MSG.priorityChanged, onSuccess: onSaved });
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <NumberInput
        aria-label={`Priority of ${activity.name}`}
        value={value}
        onChange={setValue}
        min={1}
        allowDecimal={false}
        w={90}
        size="xs"
        error={error}
      />
      <Button
        size="xs"
        variant="light"
        onClick={() => void save.run({ activityId: activity.id, priority })}
        loading={save.busy}
        disabled={!!error || priority === activity.priority}
        aria-label={`Save priority of ${activity.name}`}
      >
        Save
      </Button>
    </Group>
  );
}

/**
 * /staff/dmc-activities (spec 001 §2): a city's activities, highest priority first, with each one's priority
 * and area (pickups start from the area) set in its row.
 */
export default function DmcActivitiesPage() {
  const cities = useApi(getAllCities, {});
  const [chosen, setChosen] = useState<string | null>(null);
  const cityId = chosen ?? (cities.data?.[0] ? String(cities.data[0].cityId) : null);
  const list = useServerList(fetchActivities, cityId ? { cityId: Number(cityId) } : null);
  // Saved or refused, the row shows the area the server holds.
  const mapArea = useAction(mapAreaActivity, {
    success: DMC_MSG.areaMapped,
    onSuccess: () => list.reload(),
    onError: () => void list.reload(),
  });
  return (
    <DmcPage title="DMC Activities" permission="dmc.masters">
      <ServerTable
        list={list}
        label="Activities of the city"
        searchLabel="Search activities"
        filters={
          <Select
            label="City"
            data={(cities.data ?? []).map((c) => ({ value: String(c.cityId), label: c.cityName }))}
            value={cityId}
            onChange={setChosen}
            allowDeselect={false}
            placeholder={cities.isLoading ? 'Loading cities…' : 'No cities yet'}
            w={240}
          />
        }
        empty={cityId ? MSG.noResults : 'Add an activity on the DMC Master screen first.'}
        rowKey={(a) => a.id}
        minWidth={640}
        columns={[
          { key: 'name', header: 'Activity', render: (a) => a.name },
          {
            key: 'priority',
            header: 'Priority',
            render: (a) => (
              <PriorityEditor key={`${a.id}:${a.priority}`} activity={a} onSaved={() => void list.reload()} />
            ),
          },
          {
            key: 'area',
            header: 'Area',
            render: (a) => (
              <AreaSelect
                label={undefined}
                aria-label={`Area of ${a.name}`}
                cityId={a.cityId}
                value={a.area}
                valueLabel={a.areaName}
                clearable
                placeholder="No area"
                onChange={(v) => void mapArea.run({ activityId: a.id, areaId: v })}
                w={220}
              />
            ),
          },
        ]}
      />
    </DmcPage>
  );
}
