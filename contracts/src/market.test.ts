import { addressProblem, exclusiveOfGst, formatMoney, gstOfInclusive, MARKETS, marketForHost, parseSiteHosts } from './index';

describe('markets', () => {
  it('splits GST at each market rate: 3/23 in NZ, 1/11 in Australia, half a cent down', () => {
    expect(gstOfInclusive(11500, MARKETS.NZ.gstPercent)).toBe(1500);
    expect(gstOfInclusive(11000, MARKETS.AU.gstPercent)).toBe(1000);
    expect(gstOfInclusive(11495, 10)).toBe(1045);
    // 55 cents: 5 exactly, 5.5 → 5 (half down), 5.09 → 5
    expect(gstOfInclusive(55, 10)).toBe(5);
    expect(gstOfInclusive(61, 10)).toBe(6);
    for (const cents of [0, 1, 95, 9995, 114_95, 1_234_567]) expect(gstOfInclusive(cents, 10) + exclusiveOfGst(cents, 10)).toBe(cents);
  });

  it('formats money in the market currency and locale', () => {
    expect(formatMoney(12900, MARKETS.NZ)).toBe('$129.00');
    expect(formatMoney(11495, MARKETS.AU)).toBe('$114.95');
    expect(formatMoney(-550, MARKETS.AU)).toBe('-$5.50');
    expect(formatMoney(123456789, MARKETS.AU)).toBe('$1,234,567.89');
  });

  it('maps hosts to markets from SITE_HOSTS; other hosts are NZ', () => {
    const hosts = parseSiteHosts('au.localhost:8080=AU, www.fernleaf.com.au=au');
    expect(marketForHost('au.localhost:8080', hosts).id).toBe('AU');
    expect(marketForHost('AU.LOCALHOST:8080', hosts).id).toBe('AU');
    expect(marketForHost('au.localhost:9090', hosts).id).toBe('NZ');
    expect(marketForHost('www.fernleaf.com.au', hosts).id).toBe('AU');
    expect(marketForHost('www.fernleaf.com.au:443', hosts).id).toBe('AU');
    expect(marketForHost('localhost:8080', hosts).id).toBe('NZ');
    expect(marketForHost(undefined, hosts).id).toBe('NZ');
    expect(() => parseSiteHosts('au.localhost=US')).toThrow(/SITE_HOSTS/);
    expect(() => parseSiteHosts('not a host=AU')).toThrow(/SITE_HOSTS/);
  });

  it('checks postcodes and Australian states', () => {
    expect(addressProblem(MARKETS.AU, { postcode: '2000', state: 'nsw' })).toBeNull();
    expect(addressProblem(MARKETS.AU, { postcode: '2000', state: '' })?.field).toBe('state');
    expect(addressProblem(MARKETS.AU, { postcode: '20000', state: 'NSW' })?.field).toBe('postcode');
    expect(addressProblem(MARKETS.NZ, { postcode: '1010', state: '' })).toBeNull();
  });
});
