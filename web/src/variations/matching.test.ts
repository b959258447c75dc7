import { describe, expect, it } from 'vitest';
import { attributeKey, findMatchingVariation, parseVariations } from './matching';

describe('reading the embedded variations', () => {
  it('takes false, nothing or broken data as "not embedded"', () => {
    expect(parseVariations(undefined)).toBeNull();
    expect(parseVariations('false')).toBeNull();
    expect(parseVariations(' ')).toBeNull();
    expect(parseVariations('{"not": "a list"}')).toBeNull();
    expect(parseVariations('[{"variation_id": 1,')).toBeNull();
  });

  it('keeps only entries shaped like variation objects', () => {
    const list = parseVariations(
      JSON.stringify([
        { variation_id: 7, attributes: { attribute_pa_color: 'blue' } },
        { variation_id: '8', attributes: {} },
        { variation_id: 9, attributes: { attribute_pa_color: 3 } },
        null,
      ]),
    );
    expect(list?.map((v) => v.variation_id)).toEqual([7]);
  });
});

describe('attribute names', () => {
  it('treats field names, keys and case alike', () => {
    expect(attributeKey('attribute_pa_color')).toBe('pa_color');
    expect(attributeKey('ATTRIBUTE_PA_Color')).toBe('pa_color');
    expect(attributeKey(' pa_size ')).toBe('pa_size');
  });

  it('matches a choice whatever the form of its names and the case of its values', () => {
    const variations = [{ variation_id: 3, attributes: { attribute_pa_color: 'Blue', attribute_logo: 'Yes' } }];
    expect(findMatchingVariation(variations, { PA_COLOR: 'blue', attribute_logo: 'YES' })?.variation_id).toBe(3);
    expect(findMatchingVariation(variations, { pa_color: 'blue', logo: '' })).toBeUndefined();
  });
});
