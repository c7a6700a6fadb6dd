import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
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
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate } from '#shared/format.ts';
import { checklistPath, countryPath } from './links.ts';
import { nationalityLabel } from './nationality.ts';
import type { SelectVisa, VisaEditing } from './staff-selection.ts';
import { VisaPanel, VisaRow, VisaRows } from './StaffVisaList.tsx';

/** Every visa read, refreshed after a delete (counts move between the three lists). */
const READS = [getVisaCountries, getVisaCategory, getVisaChecklist];

/** A list read as the panels hold it (an SWR answer). */
interface ListRead<T> {
  data: T[] | undefined;
  error: unknown;
  mutate: () => Promise<unknown>;
}

interface PanelProps<T> {
  list: ListRead<T>;
  select: SelectVisa;
  edit: (editing: VisaEditing) => void;
}

/** The destination countries: choose one to see its categories. */
export function CountriesPanel({
  list,
  countryId,
  select,
  edit,
}: PanelProps<TVisaCountry> & { countryId: string | null }) {
  const remove = useAction(deleteVisaCountry, { success: VISA_MSG.countryDeleted, revalidate: READS });
  return (
    <VisaPanel
      title="Countries"
      action={
        <Button size="xs" onClick={() => edit({ kind: 'country', record: null })}>
          Add country
        </Button>
      }
    >
      <AsyncContent
        data={list.data}
        error={list.error}
        onRetry={() => void list.mutate()}
        loadingLabel="Loading countries"
        emptyText={MSG.noResults}
        isEmpty={(l) => l.length === 0}
      >
        {(countries) => (
          <VisaRows>
            {countries.map((c) => (
              <VisaRow
                key={c._id}
                label={c.countryName}
                description={`/visa/${c._id}`}
                count={c.categoryCount}
                active={c._id === countryId}
                onSelect={() => select({ country: c._id, category: null })}
                onEdit={() => edit({ kind: 'country', record: c })}
                confirm="The country is removed from the visa pages. Delete its visa categories first."
                onDelete={async () => {
                  if ((await remove.run({ id: c._id })) && c._id === countryId)
                    select({ country: null, category: null });
                }}
              />
            ))}
          </VisaRows>
        )}
      </AsyncContent>
    </VisaPanel>
  );
}

/** The chosen country's visa categories: choose one to see its checklists. */
export function CategoriesPanel({
  list,
  country,
  countryId,
  categoryId,
  select,
  edit,
}: PanelProps<TVisaCategory> & { country: TVisaCountry | null; countryId: string | null; categoryId: string | null }) {
  const remove = useAction(deleteVisaCategory, { success: VISA_MSG.categoryDeleted, revalidate: READS });
  return (
    <VisaPanel
      title={country ? `Visa categories: ${country.countryName}` : 'Visa categories'}
      action={
        country && (
          <Button size="xs" onClick={() => edit({ kind: 'category', record: null })}>
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
          data={list.data}
          error={list.error}
          onRetry={() => void list.mutate()}
          loadingLabel="Loading visa categories"
          emptyText={MSG.noResults}
          isEmpty={(l) => l.length === 0}
        >
          {(categories) => (
            <VisaRows>
              {categories.map((c) => (
                <VisaRow
                  key={c._id}
                  label={c.visaCategory}
                  description={c.summary}
                  count={c.checklistCount}
                  active={c._id === categoryId}
                  onSelect={() => select({ category: c._id })}
                  onEdit={() => edit({ kind: 'category', record: c })}
                  confirm="The category is removed from the visa pages. Delete its checklists first."
                  onDelete={async () => {
                    if ((await remove.run({ id: c._id })) && c._id === categoryId) select({ category: null });
                  }}
                />
              ))}
            </VisaRows>
          )}
        </AsyncContent>
      )}
    </VisaPanel>
  );
}

/** The chosen category's checklists, one per nationality (and the default). */
export function ChecklistsPanel({
  list,
  category,
  categoryId,
  edit,
}: Omit<PanelProps<TVisaChecklist>, 'select'> & { category: TVisaCategory | null; categoryId: string | null }) {
  const remove = useAction(deleteVisaChecklist, { success: VISA_MSG.checklistDeleted, revalidate: READS });
  return (
    <VisaPanel
      title={category ? `Checklists: ${category.visaCategory}` : 'Checklists'}
      action={
        category && (
          <Button size="xs" onClick={() => edit({ kind: 'checklist', record: null })}>
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
          data={list.data}
          error={list.error}
          onRetry={() => void list.mutate()}
          loadingLabel="Loading checklists"
          emptyText={MSG.noChecklist}
          isEmpty={(l) => l.length === 0}
        >
          {(checklists) => (
            <VisaRows>
              {checklists.map((l) => (
                <VisaRow
                  key={l._id}
                  label={nationalityLabel(l)}
                  description={`Updated ${formatDate(l.updatedAt)}`}
                  onEdit={() => edit({ kind: 'checklist', record: l })}
                  confirm="Visitors of this nationality then see the default checklist, if there is one."
                  onDelete={() =>
                    remove.run({
                      categoryId: l.categoryId,
                      nationality: l.nationality_countryId?.countryCode ?? '',
                    })
                  }
                />
              ))}
            </VisaRows>
          )}
        </AsyncContent>
      )}
    </VisaPanel>
  );
}
