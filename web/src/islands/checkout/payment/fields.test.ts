import { describe, expect, it } from 'vitest';
import { expressGateway, gatewayFields } from './fields';

describe("a gateway's fields as the server describes them", () => {
  it('reads each field, and leaves out what is not one', () => {
    const data = {
      fields: [
        { name: 'test_card-card-number', label: 'Card number', autocomplete: 'cc-number', placeholder: '•', inputMode: 'numeric', maxLength: null },
        { name: 'test_card-card-cvc', label: 'Card code', autocomplete: 'cc-csc', placeholder: 'CVC', inputMode: 'numeric', maxLength: 4 },
        { name: '', label: 'Nameless' },
        { label: 'No name' },
        'junk',
      ],
    };
    expect(gatewayFields(data)).toEqual([
      { name: 'test_card-card-number', label: 'Card number', autocomplete: 'cc-number', placeholder: '•', inputMode: 'numeric', maxLength: null },
      { name: 'test_card-card-cvc', label: 'Card code', autocomplete: 'cc-csc', placeholder: 'CVC', inputMode: 'numeric', maxLength: 4 },
    ]);
  });

  it('is nothing for a gateway that asks nothing', () => {
    expect(gatewayFields({ title: 'Cash on delivery' })).toEqual([]);
    expect(gatewayFields(null)).toEqual([]);
  });

  it('names the gateway offering express payment', () => {
    expect(expressGateway({ cod: { title: 'Cash' }, test_card: { title: 'Card', express: true } })).toBe('test_card');
    expect(expressGateway({ cod: { title: 'Cash' } })).toBeNull();
  });
});
