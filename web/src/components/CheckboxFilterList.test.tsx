import { getAllByRole, getByRole, queryByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { interact, mountReact, type Mounted } from '../testing/mount-react';
import { CheckboxFilterList } from './CheckboxFilterList';

const optionsOf = (count: number) => Array.from({ length: count }, (_, i) => ({ value: `c${i}`, label: `Colour ${i}` }));

function Harness({ count, isLoading = false }: { count: number; isLoading?: boolean }) {
  const [checked, setChecked] = useState<string[]>([]);
  return (
    <>
      <CheckboxFilterList
        legend="Colour"
        options={optionsOf(count)}
        checked={checked}
        isLoading={isLoading}
        onChange={(value, on) => {
          setChecked(on ? [...checked, value] : checked.filter((v) => v !== value));
        }}
      />
      <output>{checked.join(',')}</output>
    </>
  );
}

let mounted: Mounted;
afterEach(() => {
  mounted.unmount();
});

describe('CheckboxFilterList', () => {
  it('shows all of 15 options with no toggle', () => {
    mounted = mountReact(<Harness count={15} />);
    expect(getAllByRole(mounted.container, 'checkbox')).toHaveLength(15);
    expect(queryByRole(mounted.container, 'button')).toBeNull();
  });

  it('shows 10 of 16 with "Show 6 more", then all with "Show less"', async () => {
    mounted = mountReact(<Harness count={16} />);
    expect(getAllByRole(mounted.container, 'checkbox')).toHaveLength(10);
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Show 6 more' })));
    expect(getAllByRole(mounted.container, 'checkbox')).toHaveLength(16);
    await interact(() => userEvent.click(getByRole(mounted.container, 'button', { name: 'Show less' })));
    expect(getAllByRole(mounted.container, 'checkbox')).toHaveLength(10);
  });

  it('reports checks by value', async () => {
    mounted = mountReact(<Harness count={3} />);
    await interact(() => userEvent.click(getByRole(mounted.container, 'checkbox', { name: 'Colour 1' })));
    await interact(() => userEvent.click(getByRole(mounted.container, 'checkbox', { name: 'Colour 2' })));
    await interact(() => userEvent.click(getByRole(mounted.container, 'checkbox', { name: 'Colour 1' })));
    expect(mounted.container.querySelector('output')?.textContent).toBe('c2');
  });

  it('shows 5 placeholder rows and no checkboxes while loading', () => {
    mounted = mountReact(<Harness count={20} isLoading />);
    expect(queryByRole(mounted.container, 'checkbox')).toBeNull();
    expect(mounted.container.querySelectorAll('.checkbox-filter__placeholder')).toHaveLength(5);
    expect(getByRole(mounted.container, 'group', { name: 'Colour' }).getAttribute('aria-busy')).toBe('true');
  });
});
