import { lazy, Suspense, useId, useMemo } from 'react';
import { Button, Group, Loader, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  VISA_MSG,
  ZSaveVisaCategory,
  ZSaveVisaChecklist,
  ZSaveVisaCountry,
  getVisaCategory,
  getVisaChecklist,
  getVisaCountries,
  saveVisaCategory,
  saveVisaChecklist,
  saveVisaCountry,
  visaSlug,
  type TVisaCategory,
  type TVisaChecklist,
  type TVisaCountry,
} from '@tp/contracts/endpoints/visa';
import { useAction } from '#api/action.ts';
import { NATIONALITY_OPTIONS } from './nationality.ts';

// Only this screen's dialog pulls TipTap (its own chunk, fetched when a checklist is opened).
const ChecklistEditor = lazy(() => import('./ChecklistEditor.tsx'));

/** Every visa read, refreshed after any staff change (counts move between the three lists). */
const VISA_READS = [getVisaCountries, getVisaCategory, getVisaChecklist];

function Buttons({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        Save
      </Button>
    </Group>
  );
}

export function CountryForm({
  country,
  onSaved,
  onCancel,
}: {
  country: TVisaCountry | null;
  onSaved: (c: TVisaCountry) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    initialValues: { countryName: country?.countryName ?? '', slug: '', countryCode: country?.countryCode ?? '' },
    validate: schemaResolver(ZSaveVisaCountry, { sync: true }),
  });
  const save = useAction(saveVisaCountry, {
    success: VISA_MSG.countrySaved,
    form,
    revalidate: VISA_READS,
    onSuccess: onSaved,
  });
  const submit = form.onSubmit((v) =>
    save.run(
      country
        ? { id: country._id, version: country.version, countryName: v.countryName, countryCode: v.countryCode }
        : { countryName: v.countryName, countryCode: v.countryCode, ...(v.slug ? { slug: v.slug } : {}) },
    ),
  );
  const slug = form.values.slug || visaSlug(form.values.countryName);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Country" required data-autofocus {...form.getInputProps('countryName')} />
        {country ? (
          <TextInput label="Link name" value={country._id} readOnly description="Fixed, so shared links keep working" />
        ) : (
          <TextInput
            label="Link name"
            placeholder={visaSlug(form.values.countryName) || 'e.g. uae'}
            description={`Visitors open /visa/${slug || '…'}`}
            {...form.getInputProps('slug')}
          />
        )}
        <TextInput
          label="ISO country code"
          placeholder="e.g. AE"
          maxLength={2}
          description="Two letters; empty for a group of countries such as Schengen"
          {...form.getInputProps('countryCode')}
          onChange={(e) => form.setFieldValue('countryCode', e.currentTarget.value.toUpperCase())}
        />
        <Buttons onCancel={onCancel} busy={save.busy} />
      </Stack>
    </form>
  );
}

export function CategoryForm({
  countryId,
  category,
  onSaved,
  onCancel,
}: {
  countryId: string;
  category: TVisaCategory | null;
  onSaved: (c: TVisaCategory) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    initialValues: {
      countryId,
      visaCategory: category?.visaCategory ?? '',
      summary: category?.summary ?? '',
      position: category?.position ?? 0,
    },
    validate: schemaResolver(ZSaveVisaCategory, { sync: true }),
  });
  const save = useAction(saveVisaCategory, {
    success: VISA_MSG.categorySaved,
    form,
    revalidate: VISA_READS,
    onSuccess: onSaved,
  });
  const submit = form.onSubmit((v) =>
    save.run({ ...v, ...(category ? { id: category._id, version: category.version } : {}) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Visa category"
          placeholder="e.g. Tourist visa – 30 days"
          required
          data-autofocus
          {...form.getInputProps('visaCategory')}
        />
        <Textarea
          label="Summary"
          placeholder="e.g. Single entry · stay up to 30 days · processing 3–5 working days"
          rows={2}
          {...form.getInputProps('summary')}
        />
        <NumberInput
          label="Position"
          description="Lower numbers are listed first"
          min={0}
          max={999}
          allowDecimal={false}
          clampBehavior="none"
          {...form.getInputProps('position')}
        />
        <Buttons onCancel={onCancel} busy={save.busy} />
      </Stack>
    </form>
  );
}

/** '' (the default checklist) travels through the Select as this value. */
const DEFAULT_VALUE = 'default';

/** The checklist form's values as the save call takes them (documents one a line). */
const toSave = <V extends { fee: number | string; documents: string }>(v: V) => ({
  ...v,
  fee: Number(v.fee) || 0,
  documents: v.documents
    .split('\n')
    .map((d) => d.trim())
    .filter(Boolean),
});

export function ChecklistForm({
  categoryId,
  checklist,
  taken,
  onSaved,
  onCancel,
}: {
  categoryId: string;
  checklist: TVisaChecklist | null;
  /** Nationality codes that already have a checklist ('' the default one). */
  taken: string[];
  onSaved: (c: TVisaChecklist) => void;
  onCancel: () => void;
}) {
  const editorId = useId();
  const options = useMemo(
    () =>
      [{ value: DEFAULT_VALUE, label: VISA_MSG.defaultNationality }, ...NATIONALITY_OPTIONS].filter(
        (o) => !taken.includes(o.value === DEFAULT_VALUE ? '' : o.value),
      ),
    [taken],
  );
  const form = useForm({
    initialValues: {
      categoryId,
      nationality: checklist
        ? (checklist.nationality_countryId?.countryCode ?? '')
        : (options.find((o) => o.value !== DEFAULT_VALUE)?.value ?? ''),
      html: checklist?.html ?? '',
      fee: checklist?.fee ?? 0,
      /** One document a line, as staff type them. */
      documents: (checklist?.documents ?? []).join('\n'),
    },
    validate: (values) => {
      const errors = schemaResolver(ZSaveVisaChecklist, { sync: true })(toSave(values));
      // The editor's empty document is '' ('This is required field.'): say what is missing instead.
      if (!values.html.trim()) errors.html = VISA_MSG.emptyChecklist;
      return errors;
    },
  });
  const save = useAction(saveVisaChecklist, {
    success: VISA_MSG.checklistSaved,
    form,
    revalidate: VISA_READS,
    onSuccess: onSaved,
  });
  const submit = form.onSubmit((v) => save.run({ ...toSave(v), ...(checklist ? { version: checklist.version } : {}) }));
  const nationality = form.getInputProps('nationality');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {checklist ? (
          <TextInput
            label="Nationality"
            readOnly
            value={checklist.nationality_countryId?.countryName ?? VISA_MSG.defaultNationality}
          />
        ) : (
          <Select
            label="Nationality"
            required
            searchable
            allowDeselect={false}
            data={options}
            {...nationality}
            value={form.values.nationality === '' ? DEFAULT_VALUE : form.values.nationality}
            onChange={(v) => form.setFieldValue('nationality', v === DEFAULT_VALUE ? '' : (v ?? ''))}
          />
        )}
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="Fee per traveller (₹, before markup)"
            description="0: not applied for online"
            min={0}
            {...form.getInputProps('fee')}
          />
          <Textarea
            label="Documents to upload"
            description="One a line; empty: Passport and Photo"
            rows={2}
            {...form.getInputProps('documents')}
          />
        </Group>
        <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
          <ChecklistEditor
            id={editorId}
            label="Checklist"
            value={form.values.html}
            onChange={(html) => form.setFieldValue('html', html)}
            error={form.errors.html}
          />
        </Suspense>
        <Buttons onCancel={onCancel} busy={save.busy} />
      </Stack>
    </form>
  );
}
