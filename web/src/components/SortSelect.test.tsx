import { getByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { interact, mountReact, type Mounted } from '../testing/mount-react';
import { SortSelect } from './SortSelect';

const OPTIONS = [
  { key: 'newest', label: 'Newest' },
  { key: 'price', label: 'Price: low to high' },
];

function Harness({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState('newest');
  return (
    <>
      <SortSelect label="Order by" options={OPTIONS} value={value} onChange={setValue} readOnly={readOnly} />
      <output>{value}</output>
    </>
  );
}

let mounted: Mounted;
afterEach(() => {
  mounted.unmount();
});

describe('SortSelect', () => {
  it('is a labelled drop-down whose choice is reported by key', async () => {
    mounted = mountReact(<Harness />);
    const select = getByRole(mounted.container, 'combobox', { name: 'Order by' });
    await interact(() => userEvent.selectOptions(select, 'Price: low to high'));
    expect(mounted.container.querySelector('output')?.textContent).toBe('price');
  });

  it('read-only shows the choice and cannot change it', () => {
    mounted = mountReact(<Harness readOnly />);
    const select = getByRole<HTMLSelectElement>(mounted.container, 'combobox', { name: 'Order by' });
    expect(select.value).toBe('newest');
    expect(select.disabled).toBe(true);
  });
});
