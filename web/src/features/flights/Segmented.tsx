import { useId } from 'react';
import css from './Segmented.module.css';

/**
 * A choice of a few options that looks like Mantine's SegmentedControl but is radio buttons styled
 * with CSS: SegmentedControl measures its items to place its indicator, a forced layout in the
 * commit of the search and results screens (docs/decisions.md "A branded first paint"). Native
 * radios keep the keyboard (arrows move the choice) and the accessible names.
 */
export function Segmented({
  data,
  value,
  onChange,
  size = 'sm',
  'aria-label': label,
}: {
  data: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  size?: 'xs' | 'sm';
  'aria-label'?: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={css.root} data-size={size}>
      {data.map((d) => (
        <label key={d.value} className={css.item}>
          <input
            type="radio"
            className={css.input}
            name={name}
            value={d.value}
            checked={value === d.value}
            onChange={() => onChange(d.value)}
          />
          <span className={css.label}>{d.label}</span>
        </label>
      ))}
    </div>
  );
}
