import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Loader, Switch, type SwitchProps } from '@mantine/core';

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
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const toggle = async (next: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      await onChange(next);
    } catch {
      // Reported by the API client; the switch keeps the value the server still has.
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  return (
    <Switch
      // A description sits inside the switch's <label>: name the input by its label alone.
      aria-label={typeof label === 'string' ? label : undefined}
      {...rest}
      label={label}
      checked={checked}
      onChange={(e) => void toggle(e.currentTarget.checked)}
      aria-busy={busy || undefined}
      thumbIcon={busy ? <Loader size={10} color="gray" aria-hidden /> : undefined}
    />
  );
}
