import { afterEach, describe, expect, it } from '@jest/globals';
import {
  browserCountry,
  shopperCountryOf,
  storedShopperCountry,
  storeShopperCountry,
  subscribeShopperCountry,
} from './shopperCountry';

afterEach(() => window.localStorage.clear());

describe('where the shopper is', () => {
  it("reads the browser's region, not its language alone", () => {
    expect(browserCountry(['en-CA'])).toBe('Canada');
    expect(browserCountry(['en-GB', 'en'])).toBe('United Kingdom');
    expect(browserCountry(['en', 'fr-AU'])).toBe('Australia');
    expect(browserCountry(['en'])).toBeNull();
  });

  it("prefers the shopper's choice, then the profile's country, then the browser, then the United States", () => {
    expect(shopperCountryOf('Australia', 'London, UK')).toBe('Australia');
    expect(shopperCountryOf(null, 'London, UK')).toBe('United Kingdom');
    expect(shopperCountryOf(null, 'Lisbon')).toBe(browserCountry() ?? 'United States');
  });

  it('remembers the choice in this browser and tells the page', () => {
    let told = 0;
    expect(storedShopperCountry()).toBeNull();
    const stop = subscribeShopperCountry(() => told++);
    storeShopperCountry('Canada');
    stop();
    expect(storedShopperCountry()).toBe('Canada');
    expect(told).toBe(1);
  });
});
