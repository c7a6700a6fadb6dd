import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getLeGroups, saveLeGroup } from '@tp/contracts/endpoints/groups';
import type { TLeGroup } from '@tp/contracts/endpoints/groups';
import { failure, fakeApi, reply, type FakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { useAction, type ActionOptions } from './action.ts';
import { useApi } from './hooks.ts';

const group = (groupName: string): TLeGroup => ({ id: 'g1', groupName, isDefault: false });

/** A form saving a group name, with the list of groups beside it (the read an action refreshes). */
function GroupForm({
  options = {},
  onResult,
}: {
  options?: ActionOptions<{ groupName: string }, TLeGroup>;
  onResult?: (r: TLeGroup | undefined) => void;
}) {
  const list = useApi(getLeGroups, {});
  const form = useForm({ initialValues: { groupName: '' } });
  const save = useAction(saveLeGroup, { form, ...options });
  return (
    <form
      onSubmit={form.onSubmit(async (v) => {
        const result = await save.run(v);
        onResult?.(result);
      })}
    >
      <TextInput label="Group name" {...form.getInputProps('groupName')} />
      <Button type="submit" loading={save.busy}>
        Save
      </Button>
      <ul aria-label="Groups">
        {list.data?.map((g) => (
          <li key={g.id}>{g.groupName}</li>
        ))}
      </ul>
    </form>
  );
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Answers are set before rendering: the list is read on mount. */
const setup = (ui: React.ReactElement, answer: (api: FakeApi) => unknown = () => undefined) => {
  const api = fakeApi().on(getLeGroups, []);
  answer(api);
  return renderWithProviders(ui, { api, user: testUser({ userType: 'staff' }) });
};

async function submit(name: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Group name'), name);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('useAction', () => {
  it('resolves to the payload and keeps the button loading (disabled) until the server answers', async () => {
    const answer = deferred<TLeGroup>();
    const onResult = vi.fn();
    const { api } = setup(<GroupForm onResult={onResult} />, (a) => a.on(saveLeGroup, () => answer.promise));
    await submit('Gold');
    const button = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(button.getAttribute('data-loading')).toBe('true');
    await act(async () => answer.resolve(group('Gold')));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(group('Gold')));
    expect(api.calls(saveLeGroup)[0]!.input).toEqual({ groupName: 'Gold' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it("toasts the server's message over the given text", async () => {
    setup(<GroupForm options={{ success: 'Saved here' }} />, (a) =>
      a.on(saveLeGroup, reply(200, { success: true, result: group('Gold'), message: 'Group saved by the server' })),
    );
    await submit('Gold');
    expect(await screen.findByText('Group saved by the server')).toBeTruthy();
    expect(screen.queryByText('Saved here')).toBeNull();
  });

  it('toasts the given text when the server says nothing, the text of the result when given a function', async () => {
    setup(<GroupForm options={{ success: (g, input) => `${g.id}: ${input.groupName}` }} />, (a) =>
      a.on(saveLeGroup, group('Gold')),
    );
    await submit('Gold');
    expect(await screen.findByText('g1: Gold')).toBeTruthy();
  });

  it('shows no success toast without `success`, and then runs onSuccess with the payload and input', async () => {
    const onSuccess = vi.fn();
    setup(<GroupForm options={{ onSuccess }} />, (a) =>
      a.on(saveLeGroup, reply(200, { success: true, result: group('Gold') })),
    );
    await submit('Gold');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(group('Gold'), { groupName: 'Gold' }));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('after a refusal: undefined, the catalogue toast, field errors on the form, onError, no onSuccess', async () => {
    const onResult = vi.fn();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    setup(<GroupForm options={{ success: 'Saved', onSuccess, onError }} onResult={onResult} />, (a) =>
      a.on(saveLeGroup, failure(400, 'Group name is taken', { shortError: { groupName: 'Group name is taken' } })),
    );
    await submit('Gold');
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(undefined));
    // Once as the toast, once under the field.
    await waitFor(() => expect(screen.getAllByText('Group name is taken')).toHaveLength(2));
    expect(screen.getByLabelText('Group name').getAttribute('aria-invalid')).toBe('true');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('refreshes the reads it names after a success', async () => {
    let groups = [group('Silver')];
    const { api } = setup(<GroupForm options={{ revalidate: [getLeGroups] }} />, (a) =>
      a.on(getLeGroups, () => groups).on(saveLeGroup, (input) => (groups = [group(input.groupName)])[0]!),
    );
    expect(await screen.findByText('Silver')).toBeTruthy();
    await submit('Gold');
    expect(await screen.findByText('Gold')).toBeTruthy();
    expect(api.calls(getLeGroups)).toHaveLength(2);
  });

  it('runs a task of several calls the same way (busy, success text, failures resolve undefined)', async () => {
    const results: unknown[] = [];
    function Task({ fail, label }: { fail: boolean; label: string }) {
      const step = useAction(
        async (n: number) => {
          if (fail) throw new Error('browser refused');
          return n * 2;
        },
        { success: 'Done', onError: () => results.push('error') },
      );
      return <Button onClick={() => void step.run(21).then((r) => results.push(r))}>{label}</Button>;
    }
    setup(
      <>
        <Task fail={false} label="Go" />
        <Task fail label="Fail" />
      </>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Done')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(results).toEqual([42, 'error', undefined]));
  });
});
