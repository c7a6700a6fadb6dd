import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mapAreaActivity } from '@tp/contracts/endpoints/areas';
import { DMC_MSG, updateActivityPriority } from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { BURJ, DEIRA, FRAME, dmcServer, pick } from '../test-fixtures.ts';

async function open(server = dmcServer()) {
  renderApp('/staff/dmc-activities', { user: staffUser(), api: server.api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'DMC Activities' });
  const table = await screen.findByRole('table', { name: 'Activities of the city' });
  await within(table).findByText(BURJ.name);
  return { ...server, user, table };
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

describe('DMC Activities', { timeout: 60_000 }, () => {
  it("lists the first city's activities, highest priority first, and sets a priority (a whole number ≥ 1)", async () => {
    const { api, user, table } = await open();
    expect((screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement).value).toBe('Dubai');
    expect(names(table)).toEqual([BURJ.name, FRAME.name]);

    const priority = within(table).getByRole('textbox', { name: `Priority of ${FRAME.name}` });
    const save = within(table).getByRole('button', { name: `Save priority of ${FRAME.name}` });
    await user.clear(priority);
    await user.type(priority, '0');
    expect(await within(table).findByText(MSG.tooSmall(1))).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.clear(priority);
    await user.type(priority, '7');
    await user.click(save);
    await waitFor(() => expect(api.calls(updateActivityPriority)).toHaveLength(1));
    expect(api.calls(updateActivityPriority)[0]!.input).toEqual({ activityId: FRAME.id, priority: 7 });
    expect(await screen.findByText(DMC_MSG.priorityChanged)).toBeTruthy();
    await waitFor(() => expect(names(table)).toEqual([FRAME.name, BURJ.name]));
  });

  it('maps an activity to an area of its city', async () => {
    const { api, user, table } = await open();
    await pick(user, within(table).getByRole('combobox', { name: `Area of ${BURJ.name}` }), '', DEIRA.name);
    await waitFor(() => expect(api.calls(mapAreaActivity)).toHaveLength(1));
    expect(api.calls(mapAreaActivity)[0]!.input).toEqual({ activityId: BURJ.id, areaId: DEIRA.id });
    expect(await screen.findByText(DMC_MSG.areaMapped)).toBeTruthy();
  });
});
