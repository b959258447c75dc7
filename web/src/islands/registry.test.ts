import { describe, expect, it } from 'vitest';
import { islands } from './registry';
import type { IslandRegistry } from './types';

const registry: IslandRegistry = islands;

describe('island registry', () => {
  it('has exactly one entry per island folder, named after the folder', () => {
    const folders = Object.keys(import.meta.glob('./*/index.{ts,tsx}')).map(
      (path) => path.split('/')[1],
    );
    expect(Object.keys(registry).sort()).toEqual(folders.sort());
  });

  it('loads modules that export a mount function', async () => {
    for (const load of Object.values(registry)) {
      const module = await load();
      expect(typeof module.mount).toBe('function');
    }
  });
});
