import { getByRole, queryByText, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { interact, mountReact, type Mounted } from '../testing/mount-react';
import { RadioChoiceList, type RadioChoice } from './RadioChoiceList';

const OPTIONS: RadioChoice[] = [
  { value: 'flat', label: 'Flat rate', secondaryLabel: '$5.00', content: <p>Arrives in 3 days</p> },
  { value: 'free', label: 'Free shipping', description: 'Orders over $50', content: <p>Arrives in a week</p> },
];

function Harness({ initial }: { initial: string }) {
  const [selected, setSelected] = useState(initial);
  return <RadioChoiceList name="rates" legend="Shipping options" options={OPTIONS} selected={selected} onChange={setSelected} />;
}

let mounted: Mounted;
afterEach(() => {
  mounted.unmount();
});

describe('RadioChoiceList', () => {
  it('is a named group of radios named by their labels, described by their details', () => {
    mounted = mountReact(<Harness initial="flat" />);
    const group = getByRole(mounted.container, 'group', { name: 'Shipping options' });
    const flat = within(group).getByRole('radio', { name: 'Flat rate' });
    expect(flat).toBeInstanceOf(HTMLInputElement);
    expect((flat as HTMLInputElement).checked).toBe(true);
    expect(flat.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(flat.getAttribute('aria-describedby') ?? '')?.textContent).toBe('$5.00');
    expect(within(group).getByRole('radio', { name: 'Free shipping' })).toHaveProperty('checked', false);
  });

  it('shows the extra content of the selected option only, and follows a new choice', async () => {
    mounted = mountReact(<Harness initial="flat" />);
    expect(queryByText(mounted.container, 'Arrives in 3 days')).not.toBeNull();
    expect(queryByText(mounted.container, 'Arrives in a week')).toBeNull();
    await interact(() => userEvent.click(getByRole(mounted.container, 'radio', { name: 'Free shipping' })));
    expect(getByRole(mounted.container, 'radio', { name: 'Free shipping' })).toHaveProperty('checked', true);
    expect(queryByText(mounted.container, 'Arrives in 3 days')).toBeNull();
    expect(queryByText(mounted.container, 'Arrives in a week')).not.toBeNull();
  });
});
