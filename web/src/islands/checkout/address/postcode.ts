// Postcodes as the shopper types them (SPEC §5.7): laid out the way the country writes them,
// as the server does (mercato_core::geo::format_postcode), then matched against the server's
// own rule for the country, which the page embeds. One rule on both sides: where SPEC §5.7
// gives two readings, the server's choice is the browser's too. A country without a rule
// accepts anything.

type Layout = { kind: 'british' } | { kind: 'split'; len: number; at: number; sep: string; digits: boolean };

const BRITISH = ['GB', 'UK', 'JE', 'GG', 'IM', 'IO', 'FK', 'GS', 'PN', 'SH', 'TC'];

function layoutOf(country: string): Layout | null {
  if (BRITISH.includes(country)) {
    return { kind: 'british' };
  }
  const split = (len: number, at: number, sep: string, digits: boolean): Layout => ({ kind: 'split', len, at, sep, digits });
  switch (country) {
    case 'CA':
      return split(6, 3, ' ', false);
    case 'IE':
      return split(7, 3, ' ', false);
    case 'NL':
      return split(6, 4, ' ', false);
    case 'BR':
      return split(8, 5, '-', true);
    case 'PL':
      return split(5, 2, '-', true);
    case 'JP':
      return split(7, 3, '-', true);
    case 'PT':
      return split(7, 4, '-', true);
    case 'US':
    case 'PR':
    case 'GU':
    case 'MH':
    case 'MP':
    case 'FM':
    case 'VI':
      return split(9, 5, '-', true);
    case 'SE':
    case 'CZ':
    case 'SK':
    case 'GR':
      return split(5, 3, ' ', true);
    default:
      return null;
  }
}

function british(base: string, compact: string): string | null {
  const spaced = base.replaceAll(' ', '');
  const number = spaced.startsWith('BFPO') ? spaced.slice(4) : null;
  if (number !== null && /^\d+$/.test(number)) {
    return `BFPO ${number}`;
  }
  const ok = compact.length === spaced.length && spaced.length >= 5 && spaced.length <= 8 && /^[A-Z0-9]+$/.test(spaced);
  return ok ? `${spaced.slice(0, -3)} ${spaced.slice(-3)}` : null;
}

function layOut(country: string, base: string): string {
  const compact = base.replace(/[ -]/g, '');
  const layout = layoutOf(country);
  if (layout?.kind === 'british') {
    return british(base, compact) ?? base;
  }
  if (layout?.kind === 'split') {
    const fits = compact.length === layout.len && (layout.digits ? /^\d+$/ : /^[\dA-Z]+$/).test(compact);
    return fits ? `${compact.slice(0, layout.at)}${layout.sep}${compact.slice(layout.at)}` : base;
  }
  return base !== '' && /^[\d ]+$/.test(base) ? base.replaceAll(' ', '') : base;
}

/** The postcode as `country` writes it: "sw1a1aa" → "SW1A 1AA" in GB. */
export function formatPostcode(country: string, input: string): string {
  const base = input.toUpperCase().split(/\s+/).filter(Boolean).join(' ');
  const code = country.trim().toUpperCase();
  if (code === 'SE' && base.startsWith('SE-')) {
    return `SE-${layOut(code, base.slice(3).trimStart())}`;
  }
  return layOut(code, base);
}

const compiled = new Map<string, RegExp | null>();

function ruleOf(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    try {
      compiled.set(pattern, new RegExp(pattern));
    } catch {
      // A rule the browser cannot read is left to the server.
      compiled.set(pattern, null);
    }
  }
  return compiled.get(pattern) ?? null;
}

/** Whether `input` is a valid postcode for `country` under `pattern` (null: no rule). */
export function isValidPostcode(country: string, input: string, pattern: string | null): boolean {
  const rule = pattern === null ? null : ruleOf(pattern);
  return rule === null || rule.test(formatPostcode(country, input));
}
