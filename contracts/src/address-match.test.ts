import { normaliseRegion, samePlace } from './address-match';

describe('samePlace', () => {
  const home = { street1: '12 Queen Street', street2: '', suburb: 'Auckland Central', postcode: '1010', state: '' };
  const sydney = { street1: '200 George Street', suburb: 'Sydney', postcode: '2000', state: 'NSW' };

  it('reads past spaces, case, punctuation and street abbreviations', () => {
    expect(samePlace({ street1: '  12 queen st. ', suburb: 'AUCKLAND  CENTRAL', postcode: '10 10' }, home)).toBe(true);
    expect(samePlace({ street1: '14 Queen St', suburb: 'Auckland Central', postcode: '1010' }, home)).toBe(false);
    expect(samePlace({ street1: '12 Queen St', street2: 'Level 2', suburb: 'Auckland Central', postcode: '1010' }, home)).toBe(false);
    expect(samePlace({ street1: '', suburb: '', postcode: '' }, { street1: '', suburb: '', postcode: '' })).toBe(false);
  });

  it('reads an Australian state by its code or its name', () => {
    expect(normaliseRegion(' New  South Wales ')).toBe('nsw');
    expect(samePlace({ ...sydney, state: 'new south wales' }, sydney)).toBe(true);
    expect(samePlace({ ...sydney, state: 'nsw' }, sydney)).toBe(true);
    expect(samePlace({ ...sydney, state: 'VIC' }, sydney)).toBe(false);
    expect(samePlace({ ...sydney, postcode: '2001' }, sydney)).toBe(false);
  });
});
