import { NumberInput, Stack, TextInput } from '@mantine/core';
import {
  DMC_MSG,
  getDrivers,
  getLocationOptions,
  saveDriver,
  saveLocationOption,
  type TDriver,
  type TLocation,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { driverErrors, locationErrors } from '@tp/domain/dmc';
import { FormButtons, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';

function DriverForm({ driver, done, cancel }: { driver: TDriver | null; done: () => void; cancel: () => void }) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveDriver,
    initialValues: {
      driverName: driver?.driverName ?? '',
      phone: driver?.phone ?? '',
      // The job sheet warns when a vehicle's passengers exceed its seats; '' = not recorded.
      vehicleCapacity: driver?.vehicleCapacity ?? ('' as number | ''),
    },
    toBody: (v) => ({ ...(driver ? { driverId: driver.driverId } : {}), ...v }),
    rule: driverErrors,
    success: DMC_MSG.driverSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus {...form.getInputProps('driverName')} />
        <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
        <NumberInput
          label="Vehicle seats"
          description="Passenger seats: the job sheet warns when a driver's pickups need more"
          min={1}
          max={100}
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps('vehicleCapacity')}
        />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

export function DriversSection() {
  const list = useServerList(getDrivers);
  return (
    <MasterSection
      noun="driver"
      plural="Drivers"
      list={list}
      searchLabel="Search drivers"
      empty={MSG.noResults}
      entity="driver"
      rowKey={(d) => d.driverId}
      subject={(d) => d.driverName}
      columns={[
        { key: 'name', header: 'Name', render: (d) => d.driverName },
        { key: 'phone', header: 'Phone', nowrap: true, render: (d) => d.phone || '—' },
        { key: 'seats', header: 'Vehicle seats', render: (d) => d.vehicleCapacity ?? '—' },
      ]}
      form={(d, done, cancel) => <DriverForm driver={d} done={done} cancel={cancel} />}
    />
  );
}

function LocationForm({
  location,
  done,
  cancel,
}: {
  location: TLocation | null;
  done: () => void;
  cancel: () => void;
}) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveLocationOption,
    initialValues: { location: location?.location ?? '' },
    toBody: (v) => ({ ...(location ? { id: location.id } : {}), ...v }),
    rule: locationErrors,
    success: DMC_MSG.locationSaved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Location" required data-autofocus {...form.getInputProps('location')} />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** Pickup and drop points (a hotel lobby, a mall gate) the job sheet names. */
export function LocationsSection() {
  const list = useServerList(getLocationOptions);
  return (
    <MasterSection
      noun="location"
      plural="Locations"
      list={list}
      searchLabel="Search locations"
      empty={MSG.noResults}
      entity="location"
      rowKey={(l) => l.id}
      subject={(l) => l.location}
      columns={[{ key: 'location', header: 'Location', render: (l) => l.location }]}
      form={(l, done, cancel) => <LocationForm location={l} done={done} cancel={cancel} />}
    />
  );
}
