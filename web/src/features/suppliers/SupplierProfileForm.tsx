import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Switch, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getSupplierCategories, saveSupplierProfile } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { SupplierCategory, TSupplierProfile } from '@tp/contracts/endpoints/suppliers';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { formatDateTime } from '#shared/format.ts';
import SafeHtml from '#shared/SafeHtml.tsx';
import { CATEGORY_LABEL } from './links.ts';
import { termsToHtml } from './terms.ts';

interface ProfileValues {
  categories: SupplierCategory[];
  termsAndConditions: string;
  isListed: boolean;
}

const valuesOf = (p: TSupplierProfile): ProfileValues => ({
  categories: p.lists.map((l) => l.category),
  termsAndConditions: p.termsAndConditions,
  isListed: p.isListed,
});

/**
 * The supplier profile (supplier/saveSupplierProfile): categories sold, terms and conditions, and
 * whether the site is listed. Terms are stored as sanitised html; unchanged terms are sent back
 * exactly as stored, so saving the other fields never makes a new terms version.
 */
export function SupplierProfileForm({
  profile,
  onSaved,
}: {
  profile: TSupplierProfile;
  onSaved: (p: TSupplierProfile) => void;
}) {
  const categories = useApi(getSupplierCategories, {});
  const [preview, setPreview] = useState(false);
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(profile),
    validate: schemaResolver(saveSupplierProfile.request, { sync: true }),
  });

  const save = useAction(saveSupplierProfile, {
    success: MSG.settingSaved,
    form,
    onSuccess: (saved) => {
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      onSaved(saved);
    },
  });
  const submit = form.onSubmit((values) => {
    const termsAndConditions = form.isDirty('termsAndConditions')
      ? termsToHtml(values.termsAndConditions)
      : profile.termsAndConditions;
    void save.run({ ...values, termsAndConditions });
  });

  const offered = categories.data ?? profile.lists.map((l) => l.category);
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Checkbox.Group
            label="Categories you sell"
            description="Other sites ask for access to one category at a time."
            {...form.getInputProps('categories')}
          >
            <Group gap="lg" mt="xs">
              {offered.map((c) => (
                <Checkbox key={c} value={c} label={CATEGORY_LABEL[c]} />
              ))}
            </Group>
          </Checkbox.Group>

          <Stack gap={4}>
            <Textarea
              label="Terms and conditions"
              description="Plain text (blank lines start paragraphs) or simple html. Scripts, styles and forms are removed. Changed terms become a new version that consumers accept before their next request."
              required
              autosize
              minRows={8}
              maxRows={20}
              {...form.getInputProps('termsAndConditions')}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {profile.termsVersion > 0
                  ? `Current version ${profile.termsVersion}${profile.updatedAt ? `, saved ${formatDateTime(profile.updatedAt)}` : ''}`
                  : 'Not published yet'}
              </Text>
              <Button variant="subtle" size="xs" onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
                {preview ? 'Hide preview' : 'Preview'}
              </Button>
            </Group>
            {preview && (
              <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
                <SafeHtml html={termsToHtml(form.values.termsAndConditions)} fz="sm" />
              </Paper>
            )}
          </Stack>

          <Switch
            label="Listed in the supplier directory"
            description="Listed suppliers appear on other sites' Link Supplier screen."
            {...form.getInputProps('isListed', { type: 'checkbox' })}
          />

          <Group justify="flex-end">
            <Button type="submit" loading={save.busy}>
              Save supplier profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
