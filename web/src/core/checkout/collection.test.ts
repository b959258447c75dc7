import { describe, expect, it } from 'vitest';
import { makePackage, makeRate } from '../testing/fakeStoreApi';
import { offersPickupChoice, prefersCollection, rateForChoice, type CollectionSettings } from './collection';

const ON: CollectionSettings = { localPickupEnabled: true, collectableMethodIds: ['local_pickup', 'pickup_location'] };
const OFF: CollectionSettings = { ...ON, localPickupEnabled: false };

/** A package offering `rateIds` with `selected` chosen. */
const pkg = (rateIds: string[], selected: string) => ({
  shipping_rates: rateIds.map((id) => makeRate(id, id === selected)),
});

describe('prefersCollection (SPEC §4.8)', () => {
  it('follows the first package’s selected rate when the shopper has not chosen', () => {
    expect(prefersCollection(undefined, ON, [pkg(['flat_rate:1', 'pickup_location:0'], 'pickup_location:0')])).toBe(true);
    expect(prefersCollection(undefined, ON, [pkg(['flat_rate:1', 'local_pickup:3'], 'local_pickup:3')])).toBe(true);
    expect(prefersCollection(undefined, ON, [pkg(['flat_rate:1', 'pickup_location:0'], 'flat_rate:1')])).toBe(false);
  });

  it('reads only the first package', () => {
    const packages = [pkg(['flat_rate:1', 'pickup_location:0'], 'flat_rate:1'), pkg(['pickup_location:0'], 'pickup_location:0')];
    expect(prefersCollection(undefined, ON, packages)).toBe(false);
  });

  it('is false without local pickup, without a selected rate, or without packages', () => {
    expect(prefersCollection(undefined, OFF, [pkg(['pickup_location:0'], 'pickup_location:0')])).toBe(false);
    expect(prefersCollection(undefined, ON, [pkg(['flat_rate:1', 'pickup_location:0'], '')])).toBe(false);
    expect(prefersCollection(undefined, ON, [])).toBe(false);
  });

  it('takes the shopper’s explicit choice over the selected rate', () => {
    expect(prefersCollection(false, ON, [pkg(['pickup_location:0'], 'pickup_location:0')])).toBe(false);
    expect(prefersCollection(true, ON, [pkg(['flat_rate:1'], 'flat_rate:1')])).toBe(true);
  });

  it('counts only the collectable method ids the page names', () => {
    const only: CollectionSettings = { localPickupEnabled: true, collectableMethodIds: ['local_pickup'] };
    expect(prefersCollection(undefined, only, [pkg(['pickup_location:0'], 'pickup_location:0')])).toBe(false);
  });
});

describe('the Ship / Pickup choice', () => {
  it('is offered when pickup is on and the cart offers a pickup rate', () => {
    expect(offersPickupChoice(ON, [makePackage(['flat_rate:1', 'pickup_location:0'])])).toBe(true);
    expect(offersPickupChoice(ON, [makePackage(['flat_rate:1'])])).toBe(false);
    expect(offersPickupChoice(OFF, [makePackage(['flat_rate:1', 'pickup_location:0'])])).toBe(false);
    expect(offersPickupChoice(ON, [])).toBe(false);
  });

  it('chooses the first rate of the new kind, or nothing when the selected one fits', () => {
    const rates = ['flat_rate:1', 'free_shipping:2', 'pickup_location:0', 'pickup_location:1'];
    expect(rateForChoice(pkg(rates, 'flat_rate:1'), true, ON)).toBe('pickup_location:0');
    expect(rateForChoice(pkg(rates, 'pickup_location:1'), true, ON)).toBeNull();
    expect(rateForChoice(pkg(rates, 'pickup_location:1'), false, ON)).toBe('flat_rate:1');
    expect(rateForChoice(pkg(rates, 'free_shipping:2'), false, ON)).toBeNull();
    expect(rateForChoice(pkg(['pickup_location:0'], 'pickup_location:0'), false, ON)).toBeNull();
  });
});
