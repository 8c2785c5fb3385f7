/**
 * Fernleaf's stores and the NZ suburbs/towns the locator understands, written for this project
 * (no downloaded data set). Coordinates are representative points (WGS84, about 100 m accuracy
 * for stores, suburb centres for localities).
 */
import type { StoreDayHours } from '../platform/db/schema-stores.js';

export interface SeedStore {
  erpStoreId: string;
  name: string;
  path: string;
  street1: string;
  street2: string | null;
  locality: string;
  region: string;
  postcode: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  hours: 'mall' | 'mall-late-friday' | 'street' | 'street-closed-sunday' | 'resort';
  clickAndCollect: boolean;
  description: string;
}

/** Monday first: [open, close] in Pacific/Auckland time, null = closed. */
export const HOURS_TEMPLATES: Record<SeedStore['hours'], ([string, string] | null)[]> = {
  mall: [['09:00', '18:00'], ['09:00', '18:00'], ['09:00', '18:00'], ['09:00', '21:00'], ['09:00', '19:00'], ['09:00', '18:00'], ['10:00', '17:00']],
  'mall-late-friday': [['09:30', '18:00'], ['09:30', '18:00'], ['09:30', '18:00'], ['09:30', '20:00'], ['09:30', '21:00'], ['09:00', '18:00'], ['10:00', '18:00']],
  street: [['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '18:00'], ['10:00', '17:00'], ['10:00', '16:00']],
  'street-closed-sunday': [['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['09:00', '17:30'], ['10:00', '16:00'], null],
  resort: [['09:00', '20:00'], ['09:00', '20:00'], ['09:00', '20:00'], ['09:00', '20:00'], ['09:00', '21:00'], ['09:00', '21:00'], ['09:00', '20:00']],
};
export function openingHours(template: SeedStore['hours']): StoreDayHours[] {
  return HOURS_TEMPLATES[template].map((period, index) => ({ day: index + 1, open: period?.[0] ?? null, close: period?.[1] ?? null }));
}

export const SEED_STORES: SeedStore[] = [
  { erpStoreId: 'AKL-CBY', name: 'Fernleaf Commercial Bay', path: 'auckland-commercial-bay', street1: 'Commercial Bay, Level 1, Shop 104', street2: '7 Queen Street', locality: 'Auckland Central', region: 'Auckland', postcode: '1010', lat: -36.8446, lng: 174.7662, phone: '09 379 4410', email: 'commercialbay@fernleaf.co.nz', hours: 'mall-late-friday', clickAndCollect: true, description: 'Our flagship on the waterfront, a short walk from the ferry terminal: the full range of luggage, leather goods and travel accessories, with free monogramming on leather pieces.' },
  { erpStoreId: 'AKL-NMK', name: 'Fernleaf Newmarket', path: 'auckland-newmarket', street1: 'Westfield Newmarket, Shop 112', street2: '277 Broadway', locality: 'Newmarket', region: 'Auckland', postcode: '1023', lat: -36.8706, lng: 174.7772, phone: '09 520 3318', email: 'newmarket@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Ground floor by the Broadway entrance, with the widest choice of work bags and laptop backpacks in Auckland.' },
  { erpStoreId: 'AKL-SYP', name: 'Fernleaf Sylvia Park', path: 'auckland-sylvia-park', street1: 'Sylvia Park, Shop S118', street2: '286 Mount Wellington Highway', locality: 'Mount Wellington', region: 'Auckland', postcode: '1060', lat: -36.9171, lng: 174.8414, phone: '09 573 2201', email: 'sylviapark@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Next to the food court on the upper level. Click and collect orders are held at the counter for seven days.' },
  { erpStoreId: 'AKL-ALB', name: 'Fernleaf Albany', path: 'auckland-albany', street1: 'Westfield Albany, Shop 241', street2: '219 Don McKinnon Drive', locality: 'Albany', region: 'Auckland', postcode: '0632', lat: -36.7275, lng: 174.7105, phone: '09 414 7720', email: 'albany@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Serving the North Shore and Hibiscus Coast, with a dedicated school-bag wall from January.' },
  { erpStoreId: 'AKL-BTY', name: 'Fernleaf Botany', path: 'auckland-botany', street1: 'Botany Town Centre, Shop 64', street2: '588 Chapel Road', locality: 'Botany Downs', region: 'Auckland', postcode: '2010', lat: -36.9328, lng: 174.9127, phone: '09 277 6630', email: 'botany@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'On the main street of Botany Town Centre, with free parking right outside.' },
  { erpStoreId: 'AKL-TKP', name: 'Fernleaf Takapuna', path: 'auckland-takapuna', street1: '19 Hurstmere Road', street2: null, locality: 'Takapuna', region: 'Auckland', postcode: '0622', lat: -36.7893, lng: 174.7722, phone: '09 486 1195', email: 'takapuna@fernleaf.co.nz', hours: 'street', clickAndCollect: false, description: 'A small beachside store focused on totes, crossbody bags and accessories. Click and collect is not available here.' },
  { erpStoreId: 'HLZ-BAS', name: 'Fernleaf The Base', path: 'hamilton-the-base', street1: 'The Base, Shop 301', street2: 'Te Rapa Road', locality: 'Te Rapa', region: 'Waikato', postcode: '3200', lat: -37.7419, lng: 175.2284, phone: '07 849 2216', email: 'thebase@fernleaf.co.nz', hours: 'mall-late-friday', clickAndCollect: true, description: 'In the Te Awa mall at The Base, Hamilton: luggage, backpacks and our full wallet range.' },
  { erpStoreId: 'TRG-BYF', name: 'Fernleaf Bayfair', path: 'tauranga-bayfair', street1: 'Bayfair Shopping Centre, Shop 58', street2: '19 Girven Road', locality: 'Mount Maunganui', region: 'Bay of Plenty', postcode: '3116', lat: -37.6718, lng: 176.2213, phone: '07 575 9034', email: 'bayfair@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Bayfair, near the Girven Road entrance, five minutes from the Mount.' },
  { erpStoreId: 'ROT-TUT', name: 'Fernleaf Rotorua', path: 'rotorua', street1: '1170 Tutanekai Street', street2: null, locality: 'Rotorua', region: 'Bay of Plenty', postcode: '3010', lat: -38.1379, lng: 176.2513, phone: '07 348 6612', email: 'rotorua@fernleaf.co.nz', hours: 'street-closed-sunday', clickAndCollect: true, description: 'On Eat Streat corner of Tutanekai Street, with travel essentials for visitors and locals alike.' },
  { erpStoreId: 'NPE-EMS', name: 'Fernleaf Napier', path: 'napier', street1: '142 Emerson Street', street2: null, locality: 'Napier', region: "Hawke's Bay", postcode: '4110', lat: -39.4917, lng: 176.9172, phone: '06 835 4408', email: 'napier@fernleaf.co.nz', hours: 'street', clickAndCollect: true, description: 'In an Art Deco shopfront on Emerson Street, a block from Marine Parade.' },
  { erpStoreId: 'NPL-CTC', name: 'Fernleaf New Plymouth', path: 'new-plymouth', street1: 'Centre City, Shop 22', street2: '40 Gill Street', locality: 'New Plymouth', region: 'Taranaki', postcode: '4310', lat: -39.0583, lng: 174.0762, phone: '06 759 8127', email: 'newplymouth@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Ground floor of Centre City, with everything for a weekend on the mountain or the coast.' },
  { erpStoreId: 'PMR-PLZ', name: 'Fernleaf Palmerston North', path: 'palmerston-north', street1: 'The Plaza, Shop 47', street2: '84 Main Street', locality: 'Palmerston North', region: 'Manawatū-Whanganui', postcode: '4410', lat: -40.3561, lng: 175.6117, phone: '06 356 1180', email: 'palmerstonnorth@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Inside The Plaza, popular with students for laptop backpacks and study totes.' },
  { erpStoreId: 'WLG-LQY', name: 'Fernleaf Lambton Quay', path: 'wellington-lambton-quay', street1: '234 Lambton Quay', street2: null, locality: 'Wellington Central', region: 'Wellington', postcode: '6011', lat: -41.2822, lng: 174.7763, phone: '04 472 9035', email: 'lambtonquay@fernleaf.co.nz', hours: 'street', clickAndCollect: true, description: 'On the Golden Mile between the cable car and Willis Street: commuter backpacks, briefcases and umbrellas that survive a southerly.' },
  { erpStoreId: 'WLG-QGT', name: 'Fernleaf Queensgate', path: 'lower-hutt-queensgate', street1: 'Westfield Queensgate, Shop 160', street2: '39 Queens Drive', locality: 'Lower Hutt', region: 'Wellington', postcode: '5010', lat: -41.2104, lng: 174.9051, phone: '04 566 4472', email: 'queensgate@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Level 1 of Queensgate, opposite the cinema entrance.' },
  { erpStoreId: 'NSN-TRF', name: 'Fernleaf Nelson', path: 'nelson', street1: '245 Trafalgar Street', street2: null, locality: 'Nelson', region: 'Nelson', postcode: '7010', lat: -41.2741, lng: 173.2838, phone: '03 548 3306', email: 'nelson@fernleaf.co.nz', hours: 'street-closed-sunday', clickAndCollect: true, description: 'At the top of Trafalgar Street, in sight of Christ Church Cathedral.' },
  { erpStoreId: 'CHC-RIC', name: 'Fernleaf Riccarton', path: 'christchurch-riccarton', street1: 'Westfield Riccarton, Shop 215', street2: '129 Riccarton Road', locality: 'Riccarton', region: 'Canterbury', postcode: '8011', lat: -43.5305, lng: 172.5996, phone: '03 348 7719', email: 'riccarton@fernleaf.co.nz', hours: 'mall', clickAndCollect: true, description: 'Upper level of Westfield Riccarton, with our largest South Island luggage range.' },
  { erpStoreId: 'CHC-CRS', name: 'Fernleaf The Crossing', path: 'christchurch-the-crossing', street1: 'The Crossing, Shop G12', street2: '166 Cashel Street', locality: 'Christchurch Central', region: 'Canterbury', postcode: '8011', lat: -43.5329, lng: 172.6383, phone: '03 365 2284', email: 'thecrossing@fernleaf.co.nz', hours: 'mall-late-friday', clickAndCollect: true, description: 'In the central city on Cashel Street, next to the bus interchange.' },
  { erpStoreId: 'DUD-GEO', name: 'Fernleaf Dunedin', path: 'dunedin', street1: '267 George Street', street2: null, locality: 'Dunedin Central', region: 'Otago', postcode: '9016', lat: -45.8716, lng: 170.5031, phone: '03 477 5520', email: 'dunedin@fernleaf.co.nz', hours: 'street', clickAndCollect: true, description: 'On George Street near the Octagon, with a repair drop-off for zips, wheels and handles.' },
  { erpStoreId: 'ZQN-REE', name: 'Fernleaf Queenstown', path: 'queenstown', street1: '9 Rees Street', street2: null, locality: 'Queenstown', region: 'Otago', postcode: '9300', lat: -45.0328, lng: 168.6613, phone: '03 442 8163', email: 'queenstown@fernleaf.co.nz', hours: 'resort', clickAndCollect: true, description: 'On the lakefront, open late every day: duffles, ski bags and carry-on luggage for the trip home.' },
  { erpStoreId: 'IVC-ESK', name: 'Fernleaf Invercargill', path: 'invercargill', street1: '36 Esk Street', street2: null, locality: 'Invercargill', region: 'Southland', postcode: '9810', lat: -46.4122, lng: 168.3501, phone: '03 214 0926', email: 'invercargill@fernleaf.co.nz', hours: 'street-closed-sunday', clickAndCollect: false, description: 'Our southernmost store, in the heart of the Esk Street precinct. Click and collect is not available here.' },
];

/** [name, city, region, postcode, lat, lng] */
export type SeedLocality = [string, string, string, string, number, number];

export const SEED_LOCALITIES: SeedLocality[] = [
  // Northland
  ['Whangārei', 'Whangārei', 'Northland', '0110', -35.7251, 174.3237],
  ['Kerikeri', 'Kerikeri', 'Northland', '0230', -35.228, 173.947],
  ['Paihia', 'Paihia', 'Northland', '0200', -35.282, 174.091],
  ['Kaitaia', 'Kaitaia', 'Northland', '0410', -35.114, 173.263],
  ['Dargaville', 'Dargaville', 'Northland', '0310', -35.94, 173.869],
  // Auckland
  ['Auckland Central', 'Auckland', 'Auckland', '1010', -36.8485, 174.7633],
  ['Ponsonby', 'Auckland', 'Auckland', '1011', -36.854, 174.744],
  ['Grey Lynn', 'Auckland', 'Auckland', '1021', -36.86, 174.735],
  ['Kingsland', 'Auckland', 'Auckland', '1021', -36.872, 174.743],
  ['Parnell', 'Auckland', 'Auckland', '1052', -36.856, 174.781],
  ['Newmarket', 'Auckland', 'Auckland', '1023', -36.87, 174.777],
  ['Epsom', 'Auckland', 'Auckland', '1023', -36.888, 174.77],
  ['Remuera', 'Auckland', 'Auckland', '1050', -36.879, 174.799],
  ['Mount Eden', 'Auckland', 'Auckland', '1024', -36.879, 174.757],
  ['Mount Albert', 'Auckland', 'Auckland', '1025', -36.884, 174.72],
  ['Sandringham', 'Auckland', 'Auckland', '1025', -36.889, 174.736],
  ['Mount Roskill', 'Auckland', 'Auckland', '1041', -36.91, 174.737],
  ['Onehunga', 'Auckland', 'Auckland', '1061', -36.923, 174.785],
  ['Penrose', 'Auckland', 'Auckland', '1061', -36.913, 174.815],
  ['Ellerslie', 'Auckland', 'Auckland', '1051', -36.898, 174.808],
  ['Mount Wellington', 'Auckland', 'Auckland', '1060', -36.905, 174.84],
  ['Glen Innes', 'Auckland', 'Auckland', '1072', -36.879, 174.856],
  ['St Heliers', 'Auckland', 'Auckland', '1071', -36.856, 174.861],
  ['Otahuhu', 'Auckland', 'Auckland', '1062', -36.94, 174.84],
  ['Howick', 'Auckland', 'Auckland', '2014', -36.898, 174.925],
  ['Pakuranga', 'Auckland', 'Auckland', '2010', -36.912, 174.874],
  ['Botany Downs', 'Auckland', 'Auckland', '2010', -36.929, 174.91],
  ['East Tamaki', 'Auckland', 'Auckland', '2013', -36.942, 174.895],
  ['Māngere', 'Auckland', 'Auckland', '2022', -36.969, 174.799],
  ['Papatoetoe', 'Auckland', 'Auckland', '2025', -36.974, 174.851],
  ['Manukau', 'Auckland', 'Auckland', '2104', -36.993, 174.88],
  ['Manurewa', 'Auckland', 'Auckland', '2102', -37.023, 174.896],
  ['Papakura', 'Auckland', 'Auckland', '2110', -37.065, 174.944],
  ['Pukekohe', 'Auckland', 'Auckland', '2120', -37.2, 174.901],
  ['Takapuna', 'Auckland', 'Auckland', '0622', -36.788, 174.771],
  ['Devonport', 'Auckland', 'Auckland', '0624', -36.83, 174.796],
  ['Milford', 'Auckland', 'Auckland', '0620', -36.772, 174.764],
  ['Glenfield', 'Auckland', 'Auckland', '0629', -36.78, 174.723],
  ['Birkenhead', 'Auckland', 'Auckland', '0626', -36.812, 174.726],
  ['Albany', 'Auckland', 'Auckland', '0632', -36.728, 174.697],
  ['Browns Bay', 'Auckland', 'Auckland', '0630', -36.715, 174.747],
  ['Ōrewa', 'Auckland', 'Auckland', '0931', -36.587, 174.694],
  ['Warkworth', 'Warkworth', 'Auckland', '0910', -36.398, 174.662],
  ['Henderson', 'Auckland', 'Auckland', '0612', -36.879, 174.631],
  ['Massey', 'Auckland', 'Auckland', '0614', -36.84, 174.61],
  ['Te Atatū Peninsula', 'Auckland', 'Auckland', '0610', -36.84, 174.65],
  ['New Lynn', 'Auckland', 'Auckland', '0600', -36.908, 174.685],
  ['Titirangi', 'Auckland', 'Auckland', '0604', -36.938, 174.656],
  ['Oneroa', 'Waiheke Island', 'Auckland', '1081', -36.785, 175.01],
  // Waikato
  ['Hamilton Central', 'Hamilton', 'Waikato', '3204', -37.787, 175.2793],
  ['Te Rapa', 'Hamilton', 'Waikato', '3200', -37.74, 175.24],
  ['Rototuna', 'Hamilton', 'Waikato', '3210', -37.725, 175.28],
  ['Hillcrest', 'Hamilton', 'Waikato', '3216', -37.797, 175.32],
  ['Cambridge', 'Cambridge', 'Waikato', '3434', -37.885, 175.471],
  ['Te Awamutu', 'Te Awamutu', 'Waikato', '3800', -38.009, 175.324],
  ['Huntly', 'Huntly', 'Waikato', '3700', -37.558, 175.158],
  ['Morrinsville', 'Morrinsville', 'Waikato', '3300', -37.656, 175.529],
  ['Matamata', 'Matamata', 'Waikato', '3400', -37.81, 175.77],
  ['Thames', 'Thames', 'Waikato', '3500', -37.138, 175.54],
  ['Whitianga', 'Whitianga', 'Waikato', '3510', -36.833, 175.7],
  ['Tokoroa', 'Tokoroa', 'Waikato', '3420', -38.22, 175.87],
  ['Taupō', 'Taupō', 'Waikato', '3330', -38.6857, 176.0702],
  // Bay of Plenty
  ['Tauranga', 'Tauranga', 'Bay of Plenty', '3110', -37.6878, 176.1651],
  ['Mount Maunganui', 'Tauranga', 'Bay of Plenty', '3116', -37.639, 176.185],
  ['Pāpāmoa', 'Tauranga', 'Bay of Plenty', '3118', -37.7, 176.285],
  ['Te Puke', 'Te Puke', 'Bay of Plenty', '3119', -37.784, 176.325],
  ['Katikati', 'Katikati', 'Bay of Plenty', '3129', -37.554, 175.917],
  ['Rotorua', 'Rotorua', 'Bay of Plenty', '3010', -38.1368, 176.2497],
  ['Whakatāne', 'Whakatāne', 'Bay of Plenty', '3120', -37.953, 176.99],
  // Gisborne, Hawke's Bay
  ['Gisborne', 'Gisborne', 'Gisborne', '4010', -38.6623, 178.0176],
  ['Napier', 'Napier', "Hawke's Bay", '4110', -39.4928, 176.912],
  ['Taradale', 'Napier', "Hawke's Bay", '4112', -39.536, 176.848],
  ['Hastings', 'Hastings', "Hawke's Bay", '4122', -39.6381, 176.8492],
  ['Havelock North', 'Hastings', "Hawke's Bay", '4130', -39.67, 176.88],
  // Taranaki, Manawatū-Whanganui
  ['New Plymouth', 'New Plymouth', 'Taranaki', '4310', -39.0556, 174.0752],
  ['Stratford', 'Stratford', 'Taranaki', '4332', -39.338, 174.283],
  ['Hāwera', 'Hāwera', 'Taranaki', '4610', -39.59, 174.28],
  ['Whanganui', 'Whanganui', 'Manawatū-Whanganui', '4500', -39.9301, 175.0479],
  ['Palmerston North', 'Palmerston North', 'Manawatū-Whanganui', '4410', -40.3523, 175.6082],
  ['Feilding', 'Feilding', 'Manawatū-Whanganui', '4702', -40.225, 175.565],
  ['Levin', 'Levin', 'Manawatū-Whanganui', '5510', -40.622, 175.286],
  // Wellington
  ['Wellington Central', 'Wellington', 'Wellington', '6011', -41.2865, 174.7762],
  ['Te Aro', 'Wellington', 'Wellington', '6011', -41.295, 174.775],
  ['Thorndon', 'Wellington', 'Wellington', '6011', -41.276, 174.78],
  ['Kelburn', 'Wellington', 'Wellington', '6012', -41.287, 174.764],
  ['Karori', 'Wellington', 'Wellington', '6012', -41.285, 174.738],
  ['Newtown', 'Wellington', 'Wellington', '6021', -41.312, 174.779],
  ['Miramar', 'Wellington', 'Wellington', '6022', -41.315, 174.815],
  ['Island Bay', 'Wellington', 'Wellington', '6023', -41.338, 174.773],
  ['Johnsonville', 'Wellington', 'Wellington', '6037', -41.223, 174.805],
  ['Porirua', 'Porirua', 'Wellington', '5022', -41.133, 174.84],
  ['Petone', 'Lower Hutt', 'Wellington', '5012', -41.227, 174.871],
  ['Lower Hutt', 'Lower Hutt', 'Wellington', '5010', -41.2092, 174.908],
  ['Upper Hutt', 'Upper Hutt', 'Wellington', '5018', -41.1244, 175.0708],
  ['Paraparaumu', 'Kāpiti Coast', 'Wellington', '5032', -40.914, 175.007],
  ['Masterton', 'Masterton', 'Wellington', '5810', -40.9597, 175.6575],
  ['Martinborough', 'Martinborough', 'Wellington', '5711', -41.218, 175.459],
  // Nelson, Tasman, Marlborough, West Coast
  ['Nelson', 'Nelson', 'Nelson', '7010', -41.2706, 173.284],
  ['Richmond', 'Richmond', 'Tasman', '7020', -41.34, 173.185],
  ['Motueka', 'Motueka', 'Tasman', '7120', -41.11, 173.011],
  ['Blenheim', 'Blenheim', 'Marlborough', '7201', -41.514, 173.96],
  ['Picton', 'Picton', 'Marlborough', '7220', -41.293, 174.001],
  ['Westport', 'Westport', 'West Coast', '7825', -41.754, 171.603],
  ['Greymouth', 'Greymouth', 'West Coast', '7805', -42.45, 171.207],
  ['Hokitika', 'Hokitika', 'West Coast', '7810', -42.716, 170.965],
  // Canterbury
  ['Christchurch Central', 'Christchurch', 'Canterbury', '8011', -43.5321, 172.6362],
  ['Riccarton', 'Christchurch', 'Canterbury', '8011', -43.53, 172.597],
  ['Merivale', 'Christchurch', 'Canterbury', '8014', -43.515, 172.62],
  ['Papanui', 'Christchurch', 'Canterbury', '8053', -43.495, 172.607],
  ['Addington', 'Christchurch', 'Canterbury', '8024', -43.543, 172.62],
  ['Sydenham', 'Christchurch', 'Canterbury', '8023', -43.55, 172.635],
  ['Cashmere', 'Christchurch', 'Canterbury', '8022', -43.57, 172.625],
  ['Halswell', 'Christchurch', 'Canterbury', '8025', -43.585, 172.57],
  ['Hornby', 'Christchurch', 'Canterbury', '8042', -43.544, 172.525],
  ['New Brighton', 'Christchurch', 'Canterbury', '8061', -43.508, 172.73],
  ['Sumner', 'Christchurch', 'Canterbury', '8081', -43.57, 172.76],
  ['Lyttelton', 'Lyttelton', 'Canterbury', '8082', -43.603, 172.72],
  ['Rolleston', 'Rolleston', 'Canterbury', '7614', -43.59, 172.38],
  ['Kaiapoi', 'Kaiapoi', 'Canterbury', '7630', -43.378, 172.657],
  ['Rangiora', 'Rangiora', 'Canterbury', '7400', -43.304, 172.595],
  ['Akaroa', 'Akaroa', 'Canterbury', '7520', -43.803, 172.968],
  ['Kaikōura', 'Kaikōura', 'Canterbury', '7300', -42.4, 173.681],
  ['Ashburton', 'Ashburton', 'Canterbury', '7700', -43.905, 171.745],
  ['Timaru', 'Timaru', 'Canterbury', '7910', -44.397, 171.255],
  // Otago, Southland
  ['Ōamaru', 'Ōamaru', 'Otago', '9400', -45.097, 170.97],
  ['Dunedin Central', 'Dunedin', 'Otago', '9016', -45.8788, 170.5028],
  ['North East Valley', 'Dunedin', 'Otago', '9010', -45.852, 170.52],
  ['St Clair', 'Dunedin', 'Otago', '9012', -45.91, 170.49],
  ['Mosgiel', 'Dunedin', 'Otago', '9024', -45.875, 170.348],
  ['Balclutha', 'Balclutha', 'Otago', '9230', -46.235, 169.74],
  ['Alexandra', 'Alexandra', 'Otago', '9320', -45.249, 169.38],
  ['Cromwell', 'Cromwell', 'Otago', '9310', -45.039, 169.196],
  ['Wānaka', 'Wānaka', 'Otago', '9305', -44.7032, 169.1321],
  ['Queenstown', 'Queenstown', 'Otago', '9300', -45.0312, 168.6626],
  ['Frankton', 'Queenstown', 'Otago', '9300', -45.017, 168.732],
  ['Arrowtown', 'Arrowtown', 'Otago', '9302', -44.939, 168.833],
  ['Te Anau', 'Te Anau', 'Southland', '9600', -45.414, 167.718],
  ['Gore', 'Gore', 'Southland', '9710', -46.1, 168.944],
  ['Invercargill', 'Invercargill', 'Southland', '9810', -46.4132, 168.3538],
  ['Bluff', 'Bluff', 'Southland', '9814', -46.6, 168.333],
];
