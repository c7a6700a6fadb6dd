import { FormDialog } from '#shared/FormDialog.tsx';
import { nationalityLabel } from './nationality.ts';
import { CategoryForm, ChecklistForm, CountryForm } from './staff-forms.tsx';
import type { SelectVisa, VisaEditing } from './staff-selection.ts';

/**
 * The add/edit dialog of whatever is being edited; a record just added becomes the selection (a new country
 * or category opens at once).
 */
export function StaffVisaDialogs({
  editing,
  close,
  countryId,
  categoryId,
  takenNationalities,
  select,
}: {
  editing: VisaEditing | null;
  close: () => void;
  countryId: string | null;
  categoryId: string | null;
  /** The nationalities of the chosen category that already have a checklist. */
  takenNationalities: string[];
  select: SelectVisa;
}) {
  return (
    <>
      <FormDialog
        opened={editing?.kind === 'country'}
        onClose={close}
        title={editing?.record && editing.kind === 'country' ? `Edit ${editing.record.countryName}` : 'Add country'}
      >
        {editing?.kind === 'country' && (
          <CountryForm
            country={editing.record}
            onCancel={close}
            onSaved={(c) => {
              close();
              if (!editing.record) select({ country: c._id, category: null });
            }}
          />
        )}
      </FormDialog>
      <FormDialog
        opened={editing?.kind === 'category'}
        onClose={close}
        title={
          editing?.record && editing.kind === 'category' ? `Edit ${editing.record.visaCategory}` : 'Add visa category'
        }
      >
        {editing?.kind === 'category' && countryId && (
          <CategoryForm
            countryId={countryId}
            category={editing.record}
            onCancel={close}
            onSaved={(c) => {
              close();
              if (!editing.record) select({ category: c._id });
            }}
          />
        )}
      </FormDialog>
      <FormDialog
        opened={editing?.kind === 'checklist'}
        onClose={close}
        size="xl"
        title={
          editing?.kind === 'checklist' && editing.record
            ? `Edit checklist: ${nationalityLabel(editing.record)}`
            : 'Add checklist'
        }
      >
        {editing?.kind === 'checklist' && categoryId && (
          <ChecklistForm
            categoryId={categoryId}
            checklist={editing.record}
            taken={takenNationalities}
            onCancel={close}
            onSaved={close}
          />
        )}
      </FormDialog>
    </>
  );
}
