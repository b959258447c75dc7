// The variation matcher of the product page (SPEC §4.3, §4.4): the browser's copy of
// mercato-core's `catalogue::matching`, working on the SPEC §3.1 variation objects the form
// embeds (`data-product_variations`) or `get_variation` returns. The server decides; this
// copy only gives instant feedback. Both run the cases in
// crates/core/src/catalogue/matching_cases.json, so they cannot drift apart.

/** The SPEC §3.1 variation object, as the server sends it (only what the page reads is typed). */
export interface VariationData {
  readonly variation_id: number;
  /** `attribute_pa_color` → value; "" means any value. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly variation_is_active?: boolean;
  readonly variation_is_visible?: boolean;
  readonly is_purchasable?: boolean;
  readonly is_in_stock?: boolean;
  readonly viwpvs_not_available?: unknown;
  readonly is_sold_individually?: string;
  readonly min_qty?: number | string;
  readonly max_qty?: number | string;
  readonly sku?: string;
  readonly price_html?: string;
  readonly availability_html?: string;
  readonly variation_description?: string;
  readonly weight_html?: string;
  readonly dimensions_html?: string;
  readonly image?: VariationImage;
  readonly image_id?: number;
}

/** `image` of a variation; fields are "" (or absent) without an image. */
export interface VariationImage {
  readonly src?: string;
  readonly srcset?: string | false;
  readonly sizes?: string | false;
  readonly alt?: string;
  readonly title?: string;
  readonly full_src?: string;
  readonly gallery_thumbnail_src?: string;
  readonly src_w?: number | null;
  readonly src_h?: number | null;
}

/** Chosen values by attribute (field name or key); "" is "not chosen". */
export type Choice = Readonly<Record<string, string>>;

/** What choosing an option offers, given the other choices (SPEC §4.4). */
export type Availability = 'unavailable' | 'out-of-stock' | 'available';

/** An attribute of the form: its key and its options' values in display order. */
export interface FormAttribute {
  readonly key: string;
  readonly options: readonly string[];
}

/** `attribute_pa_color`, `pa_color` and `PA_Color` are one attribute: `pa_color`. */
export function attributeKey(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.startsWith('attribute_') ? lower.slice('attribute_'.length) : lower;
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The choice with normalised keys and without empty values. */
export function normaliseChoice(choice: Choice): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(choice)) {
    const trimmed = value.trim();
    if (trimmed !== '') {
      out.set(attributeKey(name), trimmed);
    }
  }
  return out;
}

function ownValues(variation: VariationData): [string, string][] {
  return Object.entries(variation.attributes).map(([name, value]) => [attributeKey(name), value]);
}

/** Enabled by the merchant (and not flagged unavailable by the swatches' data). */
export function isActive(variation: VariationData): boolean {
  return variation.variation_is_active !== false && variation.viwpvs_not_available === undefined;
}

/** Can be added to the cart: active, visible, purchasable and in stock (SPEC §4.2). */
export function isAvailable(variation: VariationData): boolean {
  return (
    isActive(variation) &&
    variation.variation_is_visible !== false &&
    variation.is_purchasable !== false &&
    variation.is_in_stock !== false
  );
}

/** Whether `variation` accepts `chosen`: every fixed value is chosen and equal. */
export function variationMatches(variation: VariationData, chosen: ReadonlyMap<string, string>): boolean {
  return ownValues(variation).every(([key, value]) => {
    if (value === '') {
      return true;
    }
    const picked = chosen.get(key);
    return picked !== undefined && same(picked, value);
  });
}

/** No chosen value contradicts `variation` (ignoring attribute `skip`). */
function agreesWith(variation: VariationData, chosen: ReadonlyMap<string, string>, skip: string): boolean {
  return ownValues(variation).every(([key, value]) => {
    if (key === skip || value === '') {
      return true;
    }
    const picked = chosen.get(key);
    return picked === undefined || same(picked, value);
  });
}

function specificity(variation: VariationData): number {
  return Object.values(variation.attributes).filter((v) => v !== '').length;
}

/**
 * The active variation matching `choice`; when several match, the most specific (fewest
 * "any") wins, then the earliest in the list (the server lists them in menu order).
 */
export function findMatchingVariation(
  variations: readonly VariationData[],
  choice: Choice,
): VariationData | undefined {
  const chosen = normaliseChoice(choice);
  let best: VariationData | undefined;
  for (const variation of variations) {
    if (isActive(variation) && variationMatches(variation, chosen)) {
      if (best === undefined || specificity(variation) > specificity(best)) {
        best = variation;
      }
    }
  }
  return best;
}

/** What option `value` of attribute `key` offers given the other chosen values. */
export function valueAvailability(
  variations: readonly VariationData[],
  choice: Choice,
  key: string,
  value: string,
): Availability {
  const attribute = attributeKey(key);
  const others = normaliseChoice(choice);
  others.delete(attribute);
  let found = false;
  for (const variation of variations) {
    if (!isActive(variation) || !agreesWith(variation, others, attribute)) {
      continue;
    }
    const own = ownValues(variation).find(([k]) => k === attribute)?.[1];
    if (own !== undefined && own !== '' && !same(own, value)) {
      continue;
    }
    if (isAvailable(variation)) {
      return 'available';
    }
    found = true;
  }
  return found ? 'out-of-stock' : 'unavailable';
}

/** Every option's availability, by attribute key then option value. */
export function optionStates(
  attributes: readonly FormAttribute[],
  variations: readonly VariationData[],
  choice: Choice,
): Map<string, Map<string, Availability>> {
  const states = new Map<string, Map<string, Availability>>();
  for (const attribute of attributes) {
    const key = attributeKey(attribute.key);
    states.set(key, new Map(attribute.options.map((o) => [o, valueAvailability(variations, choice, key, o)])));
  }
  return states;
}

/** Reads `data-product_variations`: a list of variation objects, or null (`false`, or bad data). */
export function parseVariations(text: string | undefined): VariationData[] | null {
  if (text === undefined || text.trim() === '' || text.trim() === 'false') {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) {
    return null;
  }
  return parsed.filter(isVariationData);
}

/** A variation object: an id and an attribute map of strings. */
export function isVariationData(value: unknown): value is VariationData {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const record = value as Record<string, unknown>;
  const attributes = record.attributes;
  return (
    typeof record.variation_id === 'number' &&
    typeof attributes === 'object' &&
    attributes !== null &&
    Object.values(attributes).every((v) => typeof v === 'string')
  );
}
