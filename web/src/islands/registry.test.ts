import { describe, expect, it } from 'vitest';
import { islands } from './registry';

describe('island registry', () => {
  it('has exactly one entry per island folder, named after the folder', () => {
    const folders = Object.keys(import.meta.glob('./*/index.{ts,tsx}')).map(
      (path) => path.split('/')[1],
    );
    expect(Object.keys(islands).sort()).toEqual(folders.sort());
  });

  it('loads modules that export a mount function', async () => {
    for (const load of Object.values(islands)) {
      const module = await load();
      expect(typeof module.mount).toBe('function');
    }
  });
});
