import { describe, expect, it } from 'vitest';
import { formTarget, joinedResultCount, parseListingPage, unseenItems, withoutHash } from './listing-pages';

const page2 = `<!doctype html><html><head><title>Shop – Page 2 – Mercato</title></head><body>
  <div class="listing" data-behaviour="listing">
    <p class="woocommerce-result-count" role="status">Showing 17–32 of 40 results</p>
    <ul class="products columns-4" data-infinite-scroll>
      <li class="product" data-product-id="17"><a href="/product/a/">A</a></li>
      <li class="product" data-product-id="18"><a href="/product/b/">B</a></li>
    </ul>
    <nav class="woocommerce-pagination" aria-label="Product pagination"><ul class="page-numbers">
      <li><a class="prev page-numbers" href="/shop/?orderby=price" rel="prev">Previous</a></li>
      <li><a class="next page-numbers" href="/shop/page/3/?orderby=price" rel="next">Next</a></li>
    </ul></nav>
  </div></body></html>`;

describe('parseListingPage', () => {
  it('reads the cards, the next link (absolute), the count, the title and the region', () => {
    const page = parseListingPage(page2, 'http://shop.test/shop/page/2/?orderby=price');
    expect(page.items.map((i) => i.dataset.productId)).toEqual(['17', '18']);
    expect(page.next).toBe('http://shop.test/shop/page/3/?orderby=price');
    expect(page.resultCount).toBe('Showing 17–32 of 40 results');
    expect(page.title).toBe('Shop – Page 2 – Mercato');
    expect(page.region?.querySelector('ul.products')).not.toBeNull();
  });

  it('finds no next page on the last page, and nothing in a page that is not a listing', () => {
    const last = parseListingPage(page2.replace(/<li><a class="next[^\n]*\n/, ''), 'http://shop.test/shop/page/3/');
    expect(last.next).toBeNull();
    expect(last.items).toHaveLength(2);
    const other = parseListingPage('<!doctype html><title>Not found</title><h1>Page not found</h1>', 'http://shop.test/x/');
    expect(other).toMatchObject({ region: null, items: [], next: null, resultCount: null });
  });
});

describe('unseenItems', () => {
  const cards = (...ids: string[]): HTMLElement[] =>
    ids.map((id) => {
      const li = document.createElement('li');
      li.dataset.productId = id;
      return li;
    });

  it('keeps each product once, across pages and within one, in order', () => {
    const seen = new Set(['1', '2', '3']);
    // The catalogue changed between two loads: page 2 now starts with page 1's last card.
    const fresh = unseenItems(cards('3', '4', '5', '4'), seen);
    expect(fresh.map((c) => c.dataset.productId)).toEqual(['4', '5']);
    expect([...seen]).toEqual(['1', '2', '3', '4', '5']);
    expect(unseenItems(cards('5', '1'), seen)).toEqual([]);
  });

  it('keeps cards that carry no product id', () => {
    const plain = document.createElement('li');
    expect(unseenItems([plain], new Set())).toEqual([plain]);
  });
});

describe('joinedResultCount', () => {
  it('joins two ranges of the same total', () => {
    expect(joinedResultCount('Showing 1–16 of 40 results', 'Showing 17–32 of 40 results')).toBe('Showing 1–32 of 40 results');
  });

  it('takes the later text when the total changed or the wording is another', () => {
    expect(joinedResultCount('Showing 1–16 of 40 results', 'Showing 17–32 of 41 results')).toBe('Showing 17–32 of 41 results');
    expect(joinedResultCount('Showing all 3 results', 'Showing 4–4 of 4 results')).toBe('Showing 4–4 of 4 results');
    expect(joinedResultCount('Showing 1–16 of 40 results', null)).toBe('Showing 1–16 of 40 results');
  });
});

describe('formTarget and withoutHash', () => {
  it('builds a GET form’s URL from its fields, empty ones included, as a browser does', () => {
    document.body.innerHTML = `<form method="get" action="http://shop.test/shop/?ignored=1#x">
      <input name="min_price" value=""><input name="max_price" value="40">
      <input type="hidden" name="filter_color" value="navy"></form>`;
    const form = document.querySelector('form');
    if (form === null) throw new Error('no form');
    expect(formTarget(form, null)).toBe('http://shop.test/shop/?min_price=&max_price=40&filter_color=navy');
  });

  it('drops only the fragment', () => {
    expect(withoutHash('http://shop.test/shop/?a=1#shop-filters')).toBe('http://shop.test/shop/?a=1');
  });
});
