import type { IslandRegistry } from './types';

/**
 * Every island, by the name the server writes in `data-island`. Each entry is a dynamic
 * import, so each island is its own chunk, fetched only on pages that have it. The name must
 * be the island's folder name (registry.test.ts checks it); `satisfies` checks each module's
 * `mount` signature.
 */
export const islands = {
  cart: () => import('./cart'),
  checkout: () => import('./checkout'),
  'mini-cart': () => import('./mini-cart'),
} satisfies IslandRegistry;
