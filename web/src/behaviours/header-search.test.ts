import { getByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headerSearch } from './header-search';

const header = `<header>
  <a class="header-search-toggle" href="#header-search-form" aria-controls="header-search-form">Search</a>
  <form class="search-form" id="header-search-form" role="search">
    <label for="s">Search products</label><input type="search" id="s" name="s"><button type="submit">Search</button>
  </form>
</header>`;

describe('header-search behaviour', () => {
  it('makes the link a Search button that opens the form, focuses the field, and closes on Escape', async () => {
    document.body.innerHTML = header;
    const link = getByRole(document.body, 'link', { name: 'Search' });
    const form = getByRole(document.body, 'search');
    const detach = headerSearch.attach(link);
    const button = getByRole(document.body, 'button', { name: 'Search', expanded: false });

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(form.classList.contains('is-open')).toBe(true);
    expect(document.activeElement).toBe(getByRole(form, 'searchbox', { name: 'Search products' }));

    await userEvent.keyboard('{Escape}');
    expect(form.classList.contains('is-open')).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    if (typeof detach === 'function') detach();
    expect(getByRole(document.body, 'link', { name: 'Search' })).toBe(link);
    expect(document.querySelector('button.header-search-toggle')).toBeNull();
  });
});
