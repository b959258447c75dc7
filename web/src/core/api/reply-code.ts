// What reading a Store API reply needs, loaded as one chunk with the first reply
// (./checks.ts): the checks of every field, and the SPEC §8.3 line notices.

export { isStoreApiError, isStoreCart } from './guards';
export { lineNotices } from '../cart/line-notices';
