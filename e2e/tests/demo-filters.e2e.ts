// The demo shop's attribute filters: no term is listed by two filters (the shop had "Filter by
// color" and "Filter by colorway", both listing Navy and Sky blue).

import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

describe('the demo shop filters', () => {
  it('list each term under one attribute only', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const regions = filters.getByRole('region', { name: /^Filter by / });
    await regions.first().waitFor();
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const region of await regions.all()) {
      const title = (await region.getByRole('heading').first().textContent())?.trim() ?? '';
      if (/price|rating/i.test(title)) continue;
      for (const link of await region.getByRole('link').all()) {
        // The term's name, without the product count the link also says.
        const term = ((await link.textContent()) ?? '').replace(/\(\d+\)|\d+ products?/g, '').trim();
        const other = seen.get(term);
        if (other !== undefined && other !== title) twice.push(`${term}: ${other} and ${title}`);
        seen.set(term, title);
      }
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(twice).toEqual([]);
    // The poster's colourways still have their own filter.
    await filters.getByRole('region', { name: 'Filter by colorway' }).getByRole('link', { name: /Midnight/ }).waitFor();
  });
});
