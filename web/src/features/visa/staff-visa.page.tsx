import { useState } from 'react';
import { Alert, Anchor, Grid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getVisaCategory, getVisaChecklist, getVisaCountries } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { usePermissionState, useUser } from '#lib/state.ts';
import { holdsPermission } from '#shared/usePermission.ts';
import { useVisaSelection, type VisaEditing } from './staff-selection.ts';
import { StaffVisaDialogs } from './StaffVisaDialogs.tsx';
import { CategoriesPanel, ChecklistsPanel, CountriesPanel } from './StaffVisaPanels.tsx';

const PERMISSION = 'visa.manage';

/**
 * /staff/visa: staff holding `visa.manage` maintain the visa content: destination countries, their visa
 * categories, and each category's checklist per nationality, written in a rich-text editor (sanitised by the
 * server when saved). The selection lives in the address (?country=…&category=…).
 */
export default function StaffVisaPage() {
  const allowed = holdsPermission(useUser(), usePermissionState(), PERMISSION);
  const permissions = usePermissionState();
  const { countryId, categoryId, select } = useVisaSelection();
  const [editing, setEditing] = useState<VisaEditing | null>(null);
  const close = () => setEditing(null);

  const countries = useApi(getVisaCountries, allowed ? {} : null);
  const categories = useApi(getVisaCategory, allowed && countryId ? { countryName: countryId } : null);
  const checklists = useApi(getVisaChecklist, allowed && categoryId ? { categoryId } : null);
  const country = countries.data?.find((c) => c._id === countryId) ?? null;
  const category = categories.data?.find((c) => c._id === categoryId) ?? null;

  if (!allowed)
    return permissions === null ? (
      <PageLoader />
    ) : (
      <Alert color="gray" role="status">
        {MSG.forbidden}
      </Alert>
    );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Visa Checklists
        </Title>
        <Text size="sm" c="dimmed">
          Destinations, their visa categories and the documents each nationality needs, as visitors see them on{' '}
          <Anchor component={Link} to="/visa" size="sm" underline="always">
            the visa pages
          </Anchor>
          .
        </Text>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <CountriesPanel list={countries} countryId={countryId} select={select} edit={setEditing} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <CategoriesPanel
            list={categories}
            country={country}
            countryId={countryId}
            categoryId={categoryId}
            select={select}
            edit={setEditing}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ChecklistsPanel list={checklists} category={category} categoryId={categoryId} edit={setEditing} />
        </Grid.Col>
      </Grid>
      <StaffVisaDialogs
        editing={editing}
        close={close}
        countryId={countryId}
        categoryId={categoryId}
        takenNationalities={(checklists.data ?? []).map((l) => l.nationality_countryId?.countryCode ?? '')}
        select={select}
      />
    </Stack>
  );
}
