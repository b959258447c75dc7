// Reading a listing page (the shop, a category, a tag, search results) that was fetched as
// HTML: the region the listing behaviour swaps, the product cards and the next page's link.
// The server's hooks are listed in crates/server/src/storefront/mod.rs.

/** The element that holds a listing's breadcrumbs, heading, grid, pagination and sidebar. */
export const LISTING_REGION = '[data-behaviour~="listing"]';
/** The product grid. */
export const PRODUCT_GRID = 'ul.products[data-infinite-scroll]';
/** The pagination's link to the next page. */
export const NEXT_LINK = '.woocommerce-pagination a.next[href]';

/** What a fetched listing page holds, read once. */
export interface ListingPage {
  /** The page's `<title>`. */
  readonly title: string;
  /** The listing region, not yet in any document. */
  readonly region: Element | null;
  /** The grid's cards, in order. */
  readonly items: readonly HTMLElement[];
  /** The absolute URL of the next page, or null on the last one. */
  readonly next: string | null;
  /** The text of the result count ("Showing 17–32 of 45 results"), or null. */
  readonly resultCount: string | null;
  /** The head's tags that name the page (canonical, prev, next, robots), as the server wrote them. */
  readonly headTags: readonly Element[];
}

/**
 * The head tags that describe which listing a page is: its canonical URL, its neighbours in
 * the pagination and whether search engines may index it. A listing swapped in place takes
 * them from the fetched page, so the document says what the server says for its URL.
 */
export const LISTING_HEAD_TAGS = 'link[rel="canonical"], link[rel="prev"], link[rel="next"], meta[name="robots"]';

/** Reads a listing page's HTML; links are resolved against `url`, where it came from. */
export function parseListingPage(html: string, url: string): ListingPage {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Relative links in the reply are relative to its own URL, not to the page showing it.
  const base = doc.createElement('base');
  base.href = url;
  doc.head.prepend(base);
  const grid = doc.querySelector(PRODUCT_GRID);
  const items = grid === null ? [] : [...grid.children].filter((el): el is HTMLElement => el instanceof HTMLElement);
  const next = doc.querySelector(NEXT_LINK);
  return {
    title: doc.title,
    region: doc.querySelector(LISTING_REGION),
    items,
    next: next instanceof HTMLAnchorElement ? next.href : null,
    resultCount: doc.querySelector('.woocommerce-result-count')?.textContent.trim() ?? null,
    headTags: [...doc.head.querySelectorAll(LISTING_HEAD_TAGS)].map((tag) => {
      // Written out absolute: the `base` above does not go with the tag into the document.
      if (tag instanceof HTMLLinkElement) {
        tag.setAttribute('href', tag.href);
      }
      return tag;
    }),
  };
}

/**
 * Replaces `doc`'s listing head tags and title by `page`'s: a tag the fetched page lacks (no
 * `rel=next` on the last page, no `robots` once the filters are cleared) goes away.
 */
export function applyListingHead(doc: Document, page: ListingPage): void {
  for (const old of doc.head.querySelectorAll(LISTING_HEAD_TAGS)) {
    old.remove();
  }
  doc.head.append(...page.headTags.map((tag) => doc.importNode(tag, true)));
  if (page.title !== '') {
    doc.title = page.title;
  }
}

/** A card's product id (`data-product-id`), or null when the card has none. */
export function productId(item: Element): string | null {
  return item instanceof HTMLElement ? (item.dataset.productId ?? null) : null;
}

/**
 * The cards of `items` whose product is not in `seen` yet, in order, adding their ids to
 * `seen`: a product the shopper already has on screen (pages shift when the catalogue
 * changes between two loads) is not shown twice. Cards without an id are kept.
 */
export function unseenItems<T extends Element>(items: readonly T[], seen: Set<string>): T[] {
  const fresh: T[] = [];
  for (const item of items) {
    const id = productId(item);
    if (id !== null) {
      if (seen.has(id)) {
        continue;
      }
      seen.add(id);
    }
    fresh.push(item);
  }
  return fresh;
}

const RANGE = /^Showing (\d+)[–-](\d+) of (\d+) results$/;

/**
 * The result count once a later page is appended: "Showing 1–16 of 45 results" followed by
 * "Showing 17–32 of 45 results" reads "Showing 1–32 of 45 results". Anything else (another
 * wording, a changed total) keeps the later page's own text, or the current one.
 */
export function joinedResultCount(current: string, appended: string | null): string {
  if (appended === null) {
    return current;
  }
  const first = RANGE.exec(current);
  const last = RANGE.exec(appended);
  if (first === null || last === null || first[3] !== last[3]) {
    return appended;
  }
  return `Showing ${first[1] ?? ''}–${last[2] ?? ''} of ${last[3] ?? ''} results`;
}

/** `url` without its fragment: two URLs that differ only there show the same listing. */
export function withoutHash(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/** The URL a GET form goes to when submitted (its fields as the query), by `submitter`. */
export function formTarget(form: HTMLFormElement, submitter: HTMLElement | null): string {
  const data = new FormData(form, submitter);
  const target = new URL(form.action);
  const query = new URLSearchParams();
  for (const [name, value] of data) {
    if (typeof value === 'string') {
      query.append(name, value);
    }
  }
  target.search = query.toString();
  target.hash = '';
  return target.href;
}
