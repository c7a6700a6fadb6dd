import type { ReactNode } from 'react';
import { Loader, Switch, type SwitchProps } from '@mantine/core';
import { useAction } from '#api/action.ts';

/**
 * A switch that changes only once the server has answered (spec 000 §4: "change only after the
 * server reports success"). It is controlled by `checked`, which the caller updates from the
 * server's answer; while `onChange` runs the thumb shows a loader and further clicks are ignored,
 * and a failure (already toasted by the API client) leaves it where it was.
 */
export function ServerSwitch({
  checked,
  onChange,
  label,
  ...rest
}: Omit<SwitchProps, 'checked' | 'onChange' | 'label'> & {
  checked: boolean;
  onChange: (next: boolean) => Promise<unknown>;
  label: ReactNode;
}) {
  // A failure was reported by the API client; the switch keeps the value the server still has.
  const change = useAction(onChange);
  const busy = change.busy;
  const toggle = (next: boolean) => {
    if (!busy) void change.run(next);
  };

  return (
    <Switch
      // A description sits inside the switch's <label>: name the input by its label alone.
      aria-label={typeof label === 'string' ? label : undefined}
      {...rest}
      label={label}
      checked={checked}
      onChange={(e) => toggle(e.currentTarget.checked)}
      aria-busy={busy || undefined}
      thumbIcon={busy ? <Loader size={10} color="gray" aria-hidden /> : undefined}
    />
  );
}
