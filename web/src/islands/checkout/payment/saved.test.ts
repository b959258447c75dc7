import { describe, expect, it } from 'vitest';
import { parseSavedMethods, savedLabel } from './saved';

const card = {
  method: { gateway: 'test_card', last4: '4242', brand: 'Visa' },
  expires: '12/40',
  is_default: true,
  actions: { delete: { url: '/my-account/delete-payment-method/3/', name: 'Delete' } },
  tokenId: 3,
};

describe('saved cards from customerPaymentMethods', () => {
  it('keeps the cards of gateways that show saved cards, and names them as the account does', () => {
    const saved = parseSavedMethods({ cc: [card, { ...card, tokenId: 4, method: { ...card.method, gateway: 'other' } }, { junk: true }] }, ['test_card']);
    expect(saved.cc?.map((c) => c.tokenId)).toEqual([3]);
    expect(savedLabel(card)).toBe('Visa ending in 4242 (expires 12/40)');
  });

  it('reads the empty list (an empty PHP array) and junk as no cards', () => {
    expect(parseSavedMethods([], ['test_card'])).toEqual({});
    expect(parseSavedMethods(null, ['test_card'])).toEqual({});
    expect(parseSavedMethods({ cc: 'x' }, ['test_card'])).toEqual({});
  });
});
