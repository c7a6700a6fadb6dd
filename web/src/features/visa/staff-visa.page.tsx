import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Grid, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import {
  VISA_MSG,
  deleteVisaCategory,
  deleteVisaChecklist,
  deleteVisaCountry,
  getVisaCategory,
  getVisaChecklist,
  getVisaCountries,
  type TVisaCategory,
  type TVisaChecklist,
  type TVisaCountry,
} from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate } from '#shared/format.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { usePermissionState, useUser } from '#lib/state.ts';
import { holdsPermission } from '#shared/usePermission.ts';
import { checklistPath, countryPath } from './links.ts';
import { nationalityLabel } from './nationality.ts';
import { CategoryForm, ChecklistForm, CountryForm, VisaDialog } from './staff-forms.tsx';

const PERMISSION = 'visa.manage';
const READS = [getVisaCountries, getVisaCategory, getVisaChecklist];

type Dialog =
  | { kind: 'country'; record: TVisaCountry | null }
  | { kind: 'category'; record: TVisaCategory | null }
  | { kind: 'checklist'; record: TVisaChecklist | null };

/** One of the three columns: a titled panel with its Add button. */
function Panel({
  title,
  action,
  footer,
  children,
}: {
  title: string;
  action?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title} h="100%">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
      {footer}
    </Paper>
  );
}

/** A selectable row with its edit and delete buttons beside it (never inside: no nested controls). */
function Row({
  label,
  description,
  count,
  active,
  onSelect,
  onEdit,
  onDelete,
  confirm,
}: {
  label: string;
  description?: string;
  count?: number;
  active?: boolean;
  onSelect?: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  confirm: string;
}) {
  return (
    <Group component="li" gap={4} wrap="nowrap" align="center">
      {onSelect ? (
        <NavLink
          component="button"
          type="button"
          label={label}
          description={description}
          active={active}
          aria-current={active ? 'true' : undefined}
          onClick={onSelect}
          rightSection={
            count !== undefined ? (
              <Badge variant="outline" color="gray.7">
                {count}
              </Badge>
            ) : undefined
          }
          style={{ flex: 1, minWidth: 0, borderRadius: 4 }}
          // Dimmed text is too faint on the active row's tint (WCAG AA contrast).
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
      ) : (
        <Stack gap={0} style={{ flex: 1 }} px="xs" py={6}>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
      )}
      <Button size="xs" variant="subtle" onClick={onEdit} aria-label={`Edit ${label}`} style={{ flex: 'none' }}>
        Edit
      </Button>
      <ActionButton
        label="Delete"
        subject={label}
        color="red"
        variant="subtle"
        confirm={confirm}
        run={onDelete}
        style={{ flex: 'none' }}
      />
    </Group>
  );
}

const List = ({ children }: { children: ReactNode }) => (
  <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
    {children}
  </Stack>
);

/**
 * /staff/visa (ours, issue #15 item 3): staff holding `visa.manage` maintain the visa content: destination
 * countries, their visa categories, and each category's checklist per nationality, written in a rich-text editor
 * (sanitised by the server when saved). The selection lives in the address (?country=…&category=…).
 */
export default function StaffVisaPage() {
  const allowed = holdsPermission(useUser(), usePermissionState(), PERMISSION);
  const permissions = usePermissionState();
  const [params, setParams] = useSearchParams();
  const countryId = params.get('country');
  const categoryId = params.get('category');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const countries = useApi(getVisaCountries, allowed ? {} : null);
  const categories = useApi(getVisaCategory, allowed && countryId ? { countryName: countryId } : null);
  const checklists = useApi(getVisaChecklist, allowed && categoryId ? { categoryId } : null);
  const select = (next: { country?: string | null; category?: string | null }) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );

  const removeCountry = useAction(deleteVisaCountry, { success: VISA_MSG.countryDeleted, revalidate: READS });
  const removeCategory = useAction(deleteVisaCategory, { success: VISA_MSG.categoryDeleted, revalidate: READS });
  const removeChecklist = useAction(deleteVisaChecklist, { success: VISA_MSG.checklistDeleted, revalidate: READS });

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
          <Panel
            title="Countries"
            action={
              <Button size="xs" onClick={() => setDialog({ kind: 'country', record: null })}>
                Add country
              </Button>
            }
          >
            <AsyncContent
              data={countries.data}
              error={countries.error}
              onRetry={() => void countries.mutate()}
              loadingLabel="Loading countries"
              emptyText={MSG.noResults}
              isEmpty={(l) => l.length === 0}
            >
              {(list) => (
                <List>
                  {list.map((c) => (
                    <Row
                      key={c._id}
                      label={c.countryName}
                      description={`/visa/${c._id}`}
                      count={c.categoryCount}
                      active={c._id === countryId}
                      onSelect={() => select({ country: c._id, category: null })}
                      onEdit={() => setDialog({ kind: 'country', record: c })}
                      confirm="The country is removed from the visa pages. Delete its visa categories first."
                      onDelete={async () => {
                        if ((await removeCountry.run({ id: c._id })) && c._id === countryId)
                          select({ country: null, category: null });
                      }}
                    />
                  ))}
                </List>
              )}
            </AsyncContent>
          </Panel>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <Panel
            title={country ? `Visa categories: ${country.countryName}` : 'Visa categories'}
            action={
              country && (
                <Button size="xs" onClick={() => setDialog({ kind: 'category', record: null })}>
                  Add category
                </Button>
              )
            }
            footer={
              country && (
                <Anchor component={Link} to={countryPath(country._id)} size="sm" mt="xs" display="block">
                  Open the public page
                </Anchor>
              )
            }
          >
            {!countryId ? (
              <Text size="sm" c="dimmed">
                Choose a country.
              </Text>
            ) : (
              <AsyncContent
                data={categories.data}
                error={categories.error}
                onRetry={() => void categories.mutate()}
                loadingLabel="Loading visa categories"
                emptyText={MSG.noResults}
                isEmpty={(l) => l.length === 0}
              >
                {(list) => (
                  <List>
                    {list.map((c) => (
                      <Row
                        key={c._id}
                        label={c.visaCategory}
                        description={c.summary}
                        count={c.checklistCount}
                        active={c._id === categoryId}
                        onSelect={() => select({ category: c._id })}
                        onEdit={() => setDialog({ kind: 'category', record: c })}
                        confirm="The category is removed from the visa pages. Delete its checklists first."
                        onDelete={async () => {
                          if ((await removeCategory.run({ id: c._id })) && c._id === categoryId)
                            select({ category: null });
                        }}
                      />
                    ))}
                  </List>
                )}
              </AsyncContent>
            )}
          </Panel>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Panel
            title={category ? `Checklists: ${category.visaCategory}` : 'Checklists'}
            action={
              category && (
                <Button size="xs" onClick={() => setDialog({ kind: 'checklist', record: null })}>
                  Add checklist
                </Button>
              )
            }
            footer={
              category && (
                <Anchor component={Link} to={checklistPath(category)} size="sm" mt="xs" display="block">
                  Open the public page
                </Anchor>
              )
            }
          >
            {!categoryId ? (
              <Text size="sm" c="dimmed">
                Choose a visa category.
              </Text>
            ) : (
              <AsyncContent
                data={checklists.data}
                error={checklists.error}
                onRetry={() => void checklists.mutate()}
                loadingLabel="Loading checklists"
                emptyText={MSG.noChecklist}
                isEmpty={(l) => l.length === 0}
              >
                {(list) => (
                  <List>
                    {list.map((l) => (
                      <Row
                        key={l._id}
                        label={nationalityLabel(l)}
                        description={`Updated ${formatDate(l.updatedAt)}`}
                        onEdit={() => setDialog({ kind: 'checklist', record: l })}
                        confirm="Visitors of this nationality then see the default checklist, if there is one."
                        onDelete={() =>
                          removeChecklist.run({
                            categoryId: l.categoryId,
                            nationality: l.nationality_countryId?.countryCode ?? '',
                          })
                        }
                      />
                    ))}
                  </List>
                )}
              </AsyncContent>
            )}
          </Panel>
        </Grid.Col>
      </Grid>

      <VisaDialog
        opened={dialog?.kind === 'country'}
        onClose={close}
        title={dialog?.record && dialog.kind === 'country' ? `Edit ${dialog.record.countryName}` : 'Add country'}
      >
        {dialog?.kind === 'country' && (
          <CountryForm
            country={dialog.record}
            onCancel={close}
            onSaved={(c) => {
              close();
              if (!dialog.record) select({ country: c._id, category: null });
            }}
          />
        )}
      </VisaDialog>
      <VisaDialog
        opened={dialog?.kind === 'category'}
        onClose={close}
        title={
          dialog?.record && dialog.kind === 'category' ? `Edit ${dialog.record.visaCategory}` : 'Add visa category'
        }
      >
        {dialog?.kind === 'category' && countryId && (
          <CategoryForm
            countryId={countryId}
            category={dialog.record}
            onCancel={close}
            onSaved={(c) => {
              close();
              if (!dialog.record) select({ category: c._id });
            }}
          />
        )}
      </VisaDialog>
      <VisaDialog
        opened={dialog?.kind === 'checklist'}
        onClose={close}
        size="xl"
        title={
          dialog?.kind === 'checklist' && dialog.record
            ? `Edit checklist: ${nationalityLabel(dialog.record)}`
            : 'Add checklist'
        }
      >
        {dialog?.kind === 'checklist' && categoryId && (
          <ChecklistForm
            categoryId={categoryId}
            checklist={dialog.record}
            taken={(checklists.data ?? []).map((l) => l.nationality_countryId?.countryCode ?? '')}
            onCancel={close}
            onSaved={close}
          />
        )}
      </VisaDialog>
    </Stack>
  );
}
