import { useState } from 'react';
import { Stack, TextInput, Textarea } from '@mantine/core';
import { DMC_MSG, createNewAccomodation, getAccomodation, type TAccommodation } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { accommodationErrors } from '@tp/domain/dmc';
import { FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { AreaSelect, CitySelect, cityBody } from '../shared/pickers.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';

function AccommodationForm({
  hotel,
  done,
  cancel,
}: {
  hotel: TAccommodation | null;
  done: () => void;
  cancel: () => void;
}) {
  const { form, submit, busy } = useSaveForm({
    endpoint: createNewAccomodation,
    initialValues: {
      name: hotel?.name ?? '',
      address: hotel?.address ?? '',
      cityId: hotel ? String(hotel.cityId) : null,
      cityName: hotel?.cityName ?? '',
      area: hotel?.area ?? null,
      phoneNumber: hotel?.phoneNumber ?? '',
      email: hotel?.email ?? '',
    },
    toBody: (v) => ({
      ...(hotel ? { id: hotel.id } : {}),
      name: v.name,
      address: v.address,
      ...cityBody(v),
      area: v.area,
      phoneNumber: v.phoneNumber,
      email: v.email,
    }),
    rule: accommodationErrors,
    success: DMC_MSG.accommodationSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Textarea label="Address" required autosize minRows={3} maxRows={5} {...form.getInputProps('address')} />
        <Pair>
          <CitySelect
            required
            valueLabel={hotel?.cityName}
            {...form.getInputProps('cityId')}
            onChange={(v, o) => {
              form.setValues({ cityId: v, cityName: o?.label ?? '', area: null });
            }}
          />
          <AreaSelect
            cityId={form.values.cityId ? Number(form.values.cityId) : null}
            valueLabel={hotel?.areaName}
            clearable
            disabled={!form.values.cityId}
            {...form.getInputProps('area')}
          />
        </Pair>
        <Pair>
          <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phoneNumber')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        </Pair>
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** Hotels (spec 001 §3 "Accommodation master"), searchable by name and filtered by city. */
export function AccommodationsSection() {
  const [city, setCity] = useState<string | null>(null);
  const list = useServerList(getAccomodation, city ? { cityId: Number(city) } : {});
  return (
    <MasterSection
      noun="accommodation"
      plural="Accommodations"
      list={list}
      searchLabel="Search accommodations"
      filters={<CitySelect label="City" value={city} onChange={setCity} clearable placeholder="Every city" w={240} />}
      empty={MSG.noResults}
      entity="hotel"
      rowKey={(h) => h.id}
      subject={(h) => h.name}
      columns={[
        { key: 'name', header: 'Name', render: (h) => h.name },
        { key: 'area', header: 'Area', render: (h) => h.areaName ?? '—' },
        { key: 'city', header: 'City', render: (h) => h.cityName },
        { key: 'phone', header: 'Phone', nowrap: true, render: (h) => h.phoneNumber || '—' },
        { key: 'email', header: 'Email', render: (h) => h.email || '—' },
      ]}
      form={(h, done, cancel) => <AccommodationForm hotel={h} done={done} cancel={cancel} />}
    />
  );
}
