// The postcode cases shared with the server (crates/core/src/geo/postcode_cases.json, also run
// by mercato-core's geo/tests/postcode_shared.rs against validate_postcode): with the patterns
// the page embeds, the browser accepts and refuses exactly what the server does (SPEC §5.7).
import { describe, expect, it } from 'vitest';
import casesText from '../../../../crates/core/src/geo/postcode_cases.json?raw';
import { isValidPostcode } from './address/postcode';

interface Cases {
  patterns: Record<string, string>;
  cases: { countries: string[]; valid: string[]; invalid: string[] }[];
}

const file = JSON.parse(casesText) as Cases;

describe("the server's postcode cases, in the browser", () => {
  it.each(file.cases.flatMap((c) => c.countries.map((country) => [country, c] as const)))('%s', (country, c) => {
    const pattern = file.patterns[country] ?? null;
    expect(pattern, `${country} has a pattern`).not.toBeNull();
    for (const postcode of c.valid) {
      expect(isValidPostcode(country, postcode, pattern), `${country} ${JSON.stringify(postcode)} valid`).toBe(true);
    }
    for (const postcode of c.invalid) {
      expect(isValidPostcode(country, postcode, pattern), `${country} ${JSON.stringify(postcode)} invalid`).toBe(false);
    }
  });
});
