import { describe, expect, it } from 'vitest';
import { DMC_SHEETS } from '@tp/contracts/endpoints/dmc';
import { importProblems } from './import-problems.ts';

describe('import problems', () => {
  it('reads sheet, row and column from the refused import, in sheet then row order', () => {
    const problems = importProblems(
      {
        'Ticket rates row 7: adultAmount': 'Must be at least 0',
        'Activities row 12: cityId': 'This is required field.',
        'Activities row 3': 'Same row or id as row 2',
        '…': 'and 4 more',
      },
      DMC_SHEETS,
    );
    expect(problems).toEqual([
      { sheet: 'Activities', row: 3, column: '', message: 'Same row or id as row 2' },
      { sheet: 'Activities', row: 12, column: 'cityId', message: 'This is required field.' },
      { sheet: 'Ticket rates', row: 7, column: 'adultAmount', message: 'Must be at least 0' },
      { sheet: '…', row: null, column: '', message: 'and 4 more' },
    ]);
  });
});
