import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, TextInput } from '@mantine/core';
import { useAction } from '#api/action.ts';
import { renderWithProviders } from '#test/render.tsx';
import { DateField } from './DateField.tsx';
import { Modal } from './Modal.tsx';

/** A dialog with a form, as the screens have them: a name, a date picker and a select. */
function FormDialog({ onClose }: { onClose: () => void }) {
  const [day, setDay] = useState('');
  return (
    <Modal opened onClose={onClose} title="Book seats" transitionProps={{ duration: 0 }}>
      <TextInput label="First name" />
      <DateField label="Date of birth" value={day} onChange={setDay} />
      <Select label="Gender" data={['Male', 'Female']} comboboxProps={{ transitionProps: { duration: 0 } }} />
    </Modal>
  );
}

/** A dialog whose field is saved in place (a note, a switch): once saved it is not typed data to ask about. */
function SavingDialog({ onClose }: { onClose: () => void }) {
  const save = useAction(async () => 'saved');
  return (
    <Modal opened onClose={onClose} title="Book seats" transitionProps={{ duration: 0 }}>
      <TextInput label="Note" />
      <button type="button" onClick={() => void save.run(undefined)}>
        Save
      </button>
    </Modal>
  );
}

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const dialog = () => screen.queryByRole('dialog', { name: 'Book seats' });
const question = () => screen.queryByRole('dialog', { name: 'Discard your changes?' });

describe('Modal: Escape and typed data', { timeout: 20_000 }, () => {
  it('Escape in an open date picker closes the calendar only; the dialog and what was typed stay', async () => {
    const user = setup();
    const onClose = vi.fn();
    renderWithProviders(<FormDialog onClose={onClose} />);
    await user.type(await screen.findByLabelText('First name'), 'Ravi');
    await user.click(screen.getByLabelText('Date of birth'));
    await screen.findByRole('button', { name: 'Next month', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Next month', hidden: true })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
    expect(question()).toBeNull();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ravi');
  });

  it('Escape in an open select closes its list only', async () => {
    const user = setup();
    const onClose = vi.fn();
    renderWithProviders(<FormDialog onClose={onClose} />);
    await user.click(await screen.findByRole('combobox', { name: 'Gender' }));
    await screen.findByRole('option', { name: 'Male', hidden: true });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('asks before discarding typed data: Keep editing keeps it, Discard closes', async () => {
    const user = setup();
    const onClose = vi.fn();
    renderWithProviders(<FormDialog onClose={onClose} />);
    await user.type(await screen.findByLabelText('First name'), 'Ravi');
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).not.toHaveBeenCalled();

    // Escape on the question closes the question only (the innermost layer).
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ravi');

    // The × asks too; Keep editing goes back to the form as it was.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing was entered, or what was entered was taken back', async () => {
    const user = setup();
    const onClose = vi.fn();
    renderWithProviders(<FormDialog onClose={onClose} />);
    const name = await screen.findByLabelText('First name');
    await user.click(name);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(name, 'R');
    await user.clear(name);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(question()).toBeNull();
  });

  it('takes a saved dialog as it is: no question after a save, one again for typing after it', async () => {
    const user = setup();
    const onClose = vi.fn();
    renderWithProviders(<SavingDialog onClose={onClose} />);
    const note = await screen.findByLabelText('Note');
    await user.type(note, 'Called the customer');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.keyboard('{Escape}');
    expect(question()).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.type(note, ' again');
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
