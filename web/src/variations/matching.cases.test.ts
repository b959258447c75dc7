// The matcher cases shared with the server (crates/core/src/catalogue/matching_cases.json,
// also run by mercato-core's matching_shared.rs): the same choices give the same match and
// the same option states in the browser as on the server.
import { describe, expect, it } from 'vitest';
import casesText from '../../../crates/core/src/catalogue/matching_cases.json?raw';
import { findMatchingVariation, optionStates, type VariationData } from './matching';

interface CaseVariation {
  id: number;
  attributes: Record<string, string>;
  in_stock?: boolean;
  enabled?: boolean;
  priced?: boolean;
}

interface Case {
  name: string;
  attributes: { name: string; options: string[] }[];
  variations: CaseVariation[];
  choice: Record<string, string>;
  match: number | null;
  states: Record<string, Record<string, string>>;
}

const { cases } = JSON.parse(casesText) as { cases: Case[] };

/** The variation object the server would send for a case's variation (SPEC §3.1). */
function asSent(v: CaseVariation): VariationData {
  const enabled = v.enabled ?? true;
  const visible = enabled && (v.priced ?? true);
  return {
    variation_id: v.id,
    attributes: Object.fromEntries(Object.entries(v.attributes).map(([k, value]) => [`attribute_${k}`, value])),
    variation_is_active: enabled,
    variation_is_visible: visible,
    is_purchasable: visible,
    is_in_stock: v.in_stock ?? true,
  };
}

describe('the matcher cases shared with the server', () => {
  it('holds at least the five kinds of case', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
  });

  for (const c of cases) {
    it(c.name, () => {
      const variations = c.variations.map(asSent);
      // The form's fields are named attribute_<key>.
      const choice = Object.fromEntries(Object.entries(c.choice).map(([k, v]) => [`attribute_${k}`, v]));
      expect(findMatchingVariation(variations, choice)?.variation_id ?? null).toBe(c.match);
      const states = optionStates(
        c.attributes.map((a) => ({ key: `attribute_${a.name}`, options: a.options })),
        variations,
        choice,
      );
      const plain = Object.fromEntries([...states].map(([key, options]) => [key, Object.fromEntries(options)]));
      expect(plain).toEqual(c.states);
    });
  }
});
