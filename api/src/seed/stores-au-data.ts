/**
 * Fernleaf's Australian stores and the Australian suburbs and towns the AU site's store locator and
 * click and collect understand, written for this project (no downloaded data set; the
 * store addresses, phone numbers and copy are made up for the demo store). Coordinates are
 * representative points (WGS84; suburb centres for localities). Opening hours are each store's
 * local wall-clock time, in its own `timeZone` (Sydney, Melbourne, Brisbane and Perth keep
 * different clocks: Brisbane and Perth have no daylight saving).
 */
import type { SeedStore } from './stores-data.js';

export interface SeedAuStore extends Omit<SeedStore, 'hours'> {
  hours: SeedStore['hours'] | 'mall-late-thursday';
  /** IANA zone of the store's opening hours. */
  timeZone: string;
}

export const SEED_AU_STORES: SeedAuStore[] = [
  { erpStoreId: 'SYD-PSM', name: 'Fernleaf Pitt Street', path: 'sydney-pitt-street', street1: 'Shop 21, Level 1', street2: '188 Pitt Street Mall', locality: 'Sydney', region: 'NSW', postcode: '2000', lat: -33.8701, lng: 151.2083, phone: '(02) 9221 4410', email: 'pittstreet@fernleaf.com.au', hours: 'mall-late-thursday', timeZone: 'Australia/Sydney', clickAndCollect: true, description: 'Our first Australian store, in the heart of the city between Market and King Streets: the full range of luggage, work bags and leather accessories.' },
  { erpStoreId: 'SYD-BJN', name: 'Fernleaf Bondi Junction', path: 'sydney-bondi-junction', street1: 'Westfield Bondi Junction, Shop 3041', street2: '500 Oxford Street', locality: 'Bondi Junction', region: 'NSW', postcode: '2022', lat: -33.8916, lng: 151.2506, phone: '(02) 9387 2205', email: 'bondijunction@fernleaf.com.au', hours: 'mall-late-thursday', timeZone: 'Australia/Sydney', clickAndCollect: true, description: 'Level 3, near the Oxford Street entrance, with beach totes and weekenders for the Eastern Suburbs.' },
  { erpStoreId: 'SYD-PAR', name: 'Fernleaf Parramatta', path: 'sydney-parramatta', street1: 'Westfield Parramatta, Shop 5012', street2: '159-175 Church Street', locality: 'Parramatta', region: 'NSW', postcode: '2150', lat: -33.8176, lng: 151.0036, phone: '(02) 9635 1180', email: 'parramatta@fernleaf.com.au', hours: 'mall-late-thursday', timeZone: 'Australia/Sydney', clickAndCollect: true, description: 'Serving Western Sydney, with school bags and carry-on luggage. Click and collect orders are held at the counter for seven days.' },
  { erpStoreId: 'MEL-LON', name: 'Fernleaf Melbourne Central', path: 'melbourne-central', street1: 'Melbourne Central, Shop GD-014', street2: '211 La Trobe Street', locality: 'Melbourne', region: 'VIC', postcode: '3000', lat: -37.8102, lng: 144.9628, phone: '(03) 9662 3370', email: 'melbournecentral@fernleaf.com.au', hours: 'mall-late-thursday', timeZone: 'Australia/Melbourne', clickAndCollect: true, description: 'Ground floor under the shot tower, a minute from the station: laptop backpacks, commuter bags and travel accessories.' },
  { erpStoreId: 'MEL-CHD', name: 'Fernleaf Chadstone', path: 'melbourne-chadstone', street1: 'Chadstone Shopping Centre, Shop B118', street2: '1341 Dandenong Road', locality: 'Malvern East', region: 'VIC', postcode: '3145', lat: -37.8862, lng: 145.0826, phone: '(03) 9568 4492', email: 'chadstone@fernleaf.com.au', hours: 'mall-late-thursday', timeZone: 'Australia/Melbourne', clickAndCollect: true, description: 'Our largest Australian store, with the whole luggage range on show and free monogramming on leather pieces.' },
  { erpStoreId: 'MEL-FTZ', name: 'Fernleaf Fitzroy', path: 'melbourne-fitzroy', street1: '214 Brunswick Street', street2: null, locality: 'Fitzroy', region: 'VIC', postcode: '3065', lat: -37.7986, lng: 144.9784, phone: '(03) 9417 6621', email: 'fitzroy@fernleaf.com.au', hours: 'street', timeZone: 'Australia/Melbourne', clickAndCollect: false, description: 'A small street store for totes, crossbody bags and wallets. Click and collect is not available here.' },
  { erpStoreId: 'BNE-QSM', name: 'Fernleaf Queen Street', path: 'brisbane-queen-street', street1: 'Shop 9', street2: '171 Queen Street Mall', locality: 'Brisbane City', region: 'QLD', postcode: '4000', lat: -27.4689, lng: 153.0252, phone: '(07) 3221 5084', email: 'queenstreet@fernleaf.com.au', hours: 'mall-late-friday', timeZone: 'Australia/Brisbane', clickAndCollect: true, description: 'In the Queen Street Mall, open late on Fridays: light packs and travel goods for the Queensland weather.' },
  { erpStoreId: 'PER-MUR', name: 'Fernleaf Murray Street', path: 'perth-murray-street', street1: 'Shop 4', street2: '140 Murray Street Mall', locality: 'Perth', region: 'WA', postcode: '6000', lat: -31.9527, lng: 115.8588, phone: '(08) 9325 7719', email: 'perth@fernleaf.com.au', hours: 'street', timeZone: 'Australia/Perth', clickAndCollect: true, description: 'Our Western Australian store, in the Murray Street Mall. Its hours are Perth time, two or three hours behind Sydney.' },
];

/** Monday first: [open, close] in the store's local time; Thursday is late-night shopping in Sydney and Melbourne. */
export const AU_HOURS_TEMPLATES = {
  'mall-late-thursday': [['09:30', '17:30'], ['09:30', '17:30'], ['09:30', '17:30'], ['09:30', '21:00'], ['09:30', '18:00'], ['09:00', '17:00'], ['10:00', '17:00']] as ([string, string] | null)[],
};

/** [name, city, state code, postcode, lat, lng]: as SeedLocality, `region` holding the state's code. */
export type SeedAuLocality = [string, string, string, string, number, number];

export const SEED_AU_LOCALITIES: SeedAuLocality[] = [
  // New South Wales
  ['Sydney', 'Sydney', 'NSW', '2000', -33.8688, 151.2093],
  ['The Rocks', 'Sydney', 'NSW', '2000', -33.8599, 151.209],
  ['Haymarket', 'Sydney', 'NSW', '2000', -33.8803, 151.204],
  ['Surry Hills', 'Sydney', 'NSW', '2010', -33.884, 151.212],
  ['Darlinghurst', 'Sydney', 'NSW', '2010', -33.879, 151.219],
  ['Paddington', 'Sydney', 'NSW', '2021', -33.884, 151.231],
  ['Bondi Junction', 'Sydney', 'NSW', '2022', -33.893, 151.25],
  ['Bondi Beach', 'Sydney', 'NSW', '2026', -33.891, 151.274],
  ['Randwick', 'Sydney', 'NSW', '2031', -33.914, 151.241],
  ['Coogee', 'Sydney', 'NSW', '2034', -33.92, 151.256],
  ['Glebe', 'Sydney', 'NSW', '2037', -33.88, 151.186],
  ['Leichhardt', 'Sydney', 'NSW', '2040', -33.883, 151.157],
  ['Balmain', 'Sydney', 'NSW', '2041', -33.859, 151.179],
  ['Newtown', 'Sydney', 'NSW', '2042', -33.898, 151.179],
  ['Marrickville', 'Sydney', 'NSW', '2204', -33.911, 151.155],
  ['North Sydney', 'Sydney', 'NSW', '2060', -33.839, 151.207],
  ['Chatswood', 'Sydney', 'NSW', '2067', -33.796, 151.183],
  ['Hornsby', 'Sydney', 'NSW', '2077', -33.703, 151.099],
  ['Mosman', 'Sydney', 'NSW', '2088', -33.829, 151.244],
  ['Manly', 'Sydney', 'NSW', '2095', -33.797, 151.288],
  ['Burwood', 'Sydney', 'NSW', '2134', -33.877, 151.104],
  ['Strathfield', 'Sydney', 'NSW', '2135', -33.873, 151.094],
  ['Parramatta', 'Sydney', 'NSW', '2150', -33.815, 151.001],
  ['Castle Hill', 'Sydney', 'NSW', '2154', -33.73, 151.004],
  ['Liverpool', 'Sydney', 'NSW', '2170', -33.92, 150.923],
  ['Hurstville', 'Sydney', 'NSW', '2220', -33.967, 151.102],
  ['Cronulla', 'Sydney', 'NSW', '2230', -34.057, 151.152],
  ['Penrith', 'Penrith', 'NSW', '2750', -33.751, 150.694],
  ['Newcastle', 'Newcastle', 'NSW', '2300', -32.9283, 151.7817],
  ['Wollongong', 'Wollongong', 'NSW', '2500', -34.4278, 150.8931],
  // Australian Capital Territory
  ['Canberra', 'Canberra', 'ACT', '2601', -35.2809, 149.13],
  ['Phillip', 'Canberra', 'ACT', '2606', -35.348, 149.088],
  ['Braddon', 'Canberra', 'ACT', '2612', -35.272, 149.135],
  ['Belconnen', 'Canberra', 'ACT', '2617', -35.238, 149.066],
  // Victoria
  ['Melbourne', 'Melbourne', 'VIC', '3000', -37.8136, 144.9631],
  ['Southbank', 'Melbourne', 'VIC', '3006', -37.823, 144.965],
  ['Docklands', 'Melbourne', 'VIC', '3008', -37.815, 144.946],
  ['Footscray', 'Melbourne', 'VIC', '3011', -37.8, 144.899],
  ['Carlton', 'Melbourne', 'VIC', '3053', -37.8, 144.967],
  ['Brunswick', 'Melbourne', 'VIC', '3056', -37.767, 144.962],
  ['Fitzroy', 'Melbourne', 'VIC', '3065', -37.799, 144.978],
  ['Collingwood', 'Melbourne', 'VIC', '3066', -37.802, 144.988],
  ['Northcote', 'Melbourne', 'VIC', '3070', -37.77, 145.0],
  ['Doncaster', 'Melbourne', 'VIC', '3108', -37.788, 145.124],
  ['Richmond', 'Melbourne', 'VIC', '3121', -37.818, 145.001],
  ['Hawthorn', 'Melbourne', 'VIC', '3122', -37.822, 145.034],
  ['Camberwell', 'Melbourne', 'VIC', '3124', -37.84, 145.071],
  ['Box Hill', 'Melbourne', 'VIC', '3128', -37.819, 145.122],
  ['South Yarra', 'Melbourne', 'VIC', '3141', -37.838, 144.992],
  ['Malvern East', 'Melbourne', 'VIC', '3145', -37.874, 145.069],
  ['Chadstone', 'Melbourne', 'VIC', '3148', -37.888, 145.095],
  ['Glen Waverley', 'Melbourne', 'VIC', '3150', -37.878, 145.164],
  ['Prahran', 'Melbourne', 'VIC', '3181', -37.851, 144.993],
  ['St Kilda', 'Melbourne', 'VIC', '3182', -37.867, 144.98],
  ['Frankston', 'Melbourne', 'VIC', '3199', -38.144, 145.126],
  ['Geelong', 'Geelong', 'VIC', '3220', -38.1499, 144.3617],
  ['Ballarat', 'Ballarat', 'VIC', '3350', -37.5622, 143.8503],
  // Queensland
  ['Brisbane City', 'Brisbane', 'QLD', '4000', -27.4698, 153.0251],
  ['New Farm', 'Brisbane', 'QLD', '4005', -27.467, 153.048],
  ['Fortitude Valley', 'Brisbane', 'QLD', '4006', -27.457, 153.034],
  ['Chermside', 'Brisbane', 'QLD', '4032', -27.385, 153.031],
  ['Paddington', 'Brisbane', 'QLD', '4064', -27.46, 152.999],
  ['Toowong', 'Brisbane', 'QLD', '4066', -27.485, 152.993],
  ['Indooroopilly', 'Brisbane', 'QLD', '4068', -27.498, 152.974],
  ['South Brisbane', 'Brisbane', 'QLD', '4101', -27.48, 153.02],
  ['West End', 'Brisbane', 'QLD', '4101', -27.482, 153.012],
  ['Carindale', 'Brisbane', 'QLD', '4152', -27.503, 153.102],
  ['Southport', 'Gold Coast', 'QLD', '4215', -27.967, 153.4],
  ['Surfers Paradise', 'Gold Coast', 'QLD', '4217', -28.0027, 153.43],
  ['Broadbeach', 'Gold Coast', 'QLD', '4218', -28.027, 153.431],
  ['Maroochydore', 'Sunshine Coast', 'QLD', '4558', -26.66, 153.099],
  ['Noosa Heads', 'Noosa', 'QLD', '4567', -26.394, 153.09],
  ['Townsville', 'Townsville', 'QLD', '4810', -19.259, 146.8169],
  ['Cairns', 'Cairns', 'QLD', '4870', -16.9186, 145.7781],
  // South Australia
  ['Adelaide', 'Adelaide', 'SA', '5000', -34.9285, 138.6007],
  ['North Adelaide', 'Adelaide', 'SA', '5006', -34.907, 138.593],
  ['Glenelg', 'Adelaide', 'SA', '5045', -34.98, 138.515],
  ['Norwood', 'Adelaide', 'SA', '5067', -34.921, 138.63],
  // Western Australia
  ['Perth', 'Perth', 'WA', '6000', -31.9523, 115.8613],
  ['Northbridge', 'Perth', 'WA', '6003', -31.947, 115.858],
  ['Subiaco', 'Perth', 'WA', '6008', -31.949, 115.825],
  ['Cottesloe', 'Perth', 'WA', '6011', -31.999, 115.758],
  ['Scarborough', 'Perth', 'WA', '6019', -31.894, 115.757],
  ['Joondalup', 'Perth', 'WA', '6027', -31.745, 115.766],
  ['Fremantle', 'Perth', 'WA', '6160', -32.0569, 115.7439],
  // Tasmania
  ['Hobart', 'Hobart', 'TAS', '7000', -42.8821, 147.3272],
  ['Sandy Bay', 'Hobart', 'TAS', '7005', -42.894, 147.324],
  ['Launceston', 'Launceston', 'TAS', '7250', -41.4332, 147.1441],
  // Northern Territory
  ['Darwin City', 'Darwin', 'NT', '0800', -12.4634, 130.8456],
  ['Alice Springs', 'Alice Springs', 'NT', '0870', -23.698, 133.8807],
];
