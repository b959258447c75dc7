import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSocialFeed } from './social-feed';

function placeholder(extra = ''): HTMLElement {
  document.body.innerHTML = `<section><div data-feed="instagram" data-feed-service="Instagram" data-feed-config='{"limit":12}' ${extra}><p>Photos appear here.</p></div></section>`;
  const el = document.querySelector<HTMLElement>('[data-feed]');
  if (el === null) throw new Error('no placeholder');
  return el;
}

const answer = (body: unknown, status = 200) =>
  vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('social feed', () => {
  it('asks for the feed with its configuration and puts the HTML in place of the placeholder', async () => {
    const el = placeholder();
    const fetch = answer({ success: true, data: '<ul><li><a href="/shop/"><img alt="A tee"></a></li></ul>' });
    await loadSocialFeed(el, { ajaxUrl: '/wp-admin/admin-ajax.php', fetch });
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.pathname).toBe('/wp-admin/admin-ajax.php');
    expect(url.searchParams.get('action')).toBe('mercato_load_instagram');
    expect(url.searchParams.get('data')).toBe('{"limit":12}');
    expect(el.querySelector('img')?.alt).toBe('A tee');
    expect(el.textContent).not.toContain('Photos appear here.');
  });

  it('shows errors to staff and logs them for everyone', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const staff = placeholder('data-show-errors');
    await loadSocialFeed(staff, { ajaxUrl: '/a', fetch: answer({ success: false, data: 'Unknown feed' }) });
    expect(log).toHaveBeenCalledWith('Instagram error: Unknown feed');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Instagram error: Unknown feed');

    const shopper = placeholder();
    await loadSocialFeed(shopper, { ajaxUrl: '/a', fetch: answer({}, 500) });
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/^Instagram error: 500/));
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(shopper.textContent).toContain('Photos appear here.');
  });

  it("says 'Invalid data' without a configuration string, and logs a reply that is not HTML", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = placeholder();
    delete el.dataset.feedConfig;
    const fetch = answer({ success: true, data: '' });
    await loadSocialFeed(el, { ajaxUrl: '/a', fetch });
    expect(log).toHaveBeenCalledWith('Instagram error: Invalid data');
    expect(fetch).not.toHaveBeenCalled();

    const other = placeholder();
    await loadSocialFeed(other, { ajaxUrl: '/a', fetch: answer({ success: true, data: { html: '<p>x</p>' } }) });
    expect(log).toHaveBeenLastCalledWith('Invalid Instagram response');
    expect(other.textContent).toContain('Photos appear here.');
  });
});
