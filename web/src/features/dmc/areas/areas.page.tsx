import { useState } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { addArea, deleteArea, searchAreas } from '@tp/contracts/endpoints/areas';
import { DMC_MSG, type TArea } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { areaErrors } from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { FormButtons, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';
import { DmcPage } from '../shared/page.tsx';
import { CitySelect, cityBody } from '../shared/pickers.tsx';

/** Add an area to a city, or rename one (the same call with its id). 'Please fill the name' (§5). */
function AreaForm({ area, done, cancel }: { area: TArea | null; done: () => void; cancel: () => void }) {
  const { form, submit, busy } = useSaveForm({
    endpoint: addArea,
    initialValues: {
      name: area?.name ?? '',
      cityId: area ? String(area.cityId) : null,
      cityName: area?.cityName ?? '',
    },
    toBody: (v) => ({ ...(area ? { id: area.id } : {}), name: v.name, ...cityBody(v) }),
    rule: areaErrors,
    success: DMC_MSG.areaSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <CitySelect
          required
          valueLabel={area?.cityName}
          {...form.getInputProps('cityId')}
          onChange={(v, o) => form.setValues({ cityId: v, cityName: o?.label ?? '' })}
        />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** /staff/areas (spec 001 §2): the areas of each city (pickups and area transfers start from them). */
export default function AreasPage() {
  const [city, setCity] = useState<string | null>(null);
  const list = useServerList(searchAreas, city ? { cityId: Number(city) } : {});
  // An area still used by a hotel, activity or area transfer is refused with what uses it (toasted).
  const remove = useAction(deleteArea, { success: DMC_MSG.areaDeleted, onSuccess: () => list.reload() });
  return (
    <DmcPage title="Areas" permission="dmc.areas">
      <MasterSection
        noun="area"
        plural="Areas"
        list={list}
        searchLabel="Search areas"
        filters={<CitySelect label="City" value={city} onChange={setCity} clearable placeholder="Every city" w={240} />}
        empty={MSG.noResults}
        entity="area"
        rowKey={(a) => a.id}
        subject={(a) => a.name}
        columns={[
          { key: 'name', header: 'Area', render: (a) => a.name },
          { key: 'city', header: 'City', render: (a) => a.cityName },
        ]}
        rowActions={(a) => (
          <ActionButton
            label="Delete"
            subject={a.name}
            color="red"
            variant="subtle"
            confirm="The area is removed from the city."
            run={() => remove.run({ areaId: a.id })}
          />
        )}
        form={(a, done, cancel) => <AreaForm area={a} done={done} cancel={cancel} />}
      />
    </DmcPage>
  );
}
