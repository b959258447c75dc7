import { describe, expect, it } from 'vitest';

// The core must run without React (listing pages add to cart with zero React), so React and
// zustand's React entry may be imported only by the one binding in src/core/react/.
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const IMPORT = /\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

describe('src/core boundaries', () => {
  it('imports React only from src/core/react/', () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => !path.startsWith('./react/'))
      .flatMap(([path, source]) =>
        importsOf(source)
          .filter((name) => /^(react|react-dom)(\/|$)/.test(name) || name === 'zustand' || name.startsWith('zustand/react'))
          .map((name) => `${path} imports ${name}`),
      );
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it('keeps DOMPurify out of the modules every page loads', () => {
    const users = Object.entries(sources)
      .filter(([, source]) => importsOf(source).includes('dompurify'))
      .map(([path]) => path);
    expect(users).toEqual(['./sanitize.ts']);
    expect(importsOf(sources['./index.ts'] ?? '')).not.toContain('./sanitize');
  });

  it('keeps the checkout stores out of the runtime every page builds', () => {
    // main.ts builds the runtime from index.ts: the checkout's stores load with the checkout island.
    const checkoutModules = Object.keys(sources).filter((path) =>
      /^\.\/(checkout|payment|validation|events)\//.test(path),
    );
    expect(checkoutModules.length).toBeGreaterThan(5);
    const everyPage = Object.entries(sources)
      .filter(([path]) => !/^\.\/(checkout|payment|validation|events|react)\//.test(path))
      .flatMap(([path, source]) =>
        importsOf(source)
          .filter((name) => /(^|\/)(checkout|payment|validation|events)\//.test(name))
          .map((name) => `${path} imports ${name}`),
      );
    expect(everyPage).toEqual([]);
  });
});
