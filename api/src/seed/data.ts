/**
 * Reference data for the deterministic seed: invented brands, colours, features, category tree
 * and product types. No real brand names.
 */

export interface CategoryDef {
  slug: string;
  name: string;
  kind?: 'category' | 'collection';
  children?: CategoryDef[];
}

export const CATEGORY_TREE: CategoryDef[] = [
  {
    slug: 'bags',
    name: 'Bags',
    children: [
      { slug: 'backpacks', name: 'Backpacks' },
      { slug: 'totes', name: 'Totes' },
      { slug: 'crossbody', name: 'Crossbody Bags' },
      { slug: 'shoulder-bags', name: 'Shoulder Bags' },
      { slug: 'clutches', name: 'Clutches' },
      { slug: 'laptop-bags', name: 'Laptop Bags' },
    ],
  },
  {
    slug: 'travel',
    name: 'Travel',
    children: [
      {
        slug: 'luggage',
        name: 'Luggage',
        children: [
          { slug: 'carry-on', name: 'Carry-on Luggage' },
          { slug: 'checked', name: 'Checked Luggage' },
        ],
      },
      { slug: 'duffles', name: 'Duffles & Weekenders' },
      { slug: 'travel-accessories', name: 'Travel Accessories' },
    ],
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    children: [
      { slug: 'wallets', name: 'Wallets' },
      { slug: 'card-holders', name: 'Card Holders' },
      { slug: 'belts', name: 'Belts' },
      { slug: 'keyrings', name: 'Keyrings' },
      { slug: 'sunglasses-cases', name: 'Sunglasses Cases' },
    ],
  },
  { slug: 'new-arrivals', name: 'New Arrivals', kind: 'collection' },
  { slug: 'sale', name: 'Sale', kind: 'collection' },
];

export const BRANDS: { slug: string; name: string; code: string }[] = [
  { slug: 'fernleaf-studio', name: 'Fernleaf Studio', code: 'FLS' },
  { slug: 'harbourline', name: 'Harbourline', code: 'HBL' },
  { slug: 'takaro-travel', name: 'Takaro Travel Co.', code: 'TKT' },
  { slug: 'ridgeway-finch', name: 'Ridgeway & Finch', code: 'RWF' },
  { slug: 'marlow-lane', name: 'Marlow Lane', code: 'MLL' },
  { slug: 'otter-oak', name: 'Otter & Oak', code: 'OTO' },
  { slug: 'kestrel-supply', name: 'Kestrel Supply Co.', code: 'KSC' },
  { slug: 'wanaka-workshop', name: 'Wanaka Workshop', code: 'WKW' },
  { slug: 'ember-ash', name: 'Ember & Ashgrove', code: 'EAG' },
  { slug: 'cobblestone', name: 'Cobblestone Leatherworks', code: 'CBL' },
  { slug: 'moana-carry', name: 'Moana Carry', code: 'MNC' },
  { slug: 'larchfield', name: 'Larchfield', code: 'LRF' },
  { slug: 'southerly', name: 'Southerly Goods', code: 'STG' },
  { slug: 'pinecrest', name: 'Pinecrest & Vine', code: 'PCV' },
  { slug: 'quayside', name: 'Quayside Atelier', code: 'QSA' },
];

export const COLOURS: { name: string; hex: string; code: string }[] = [
  { name: 'Black', hex: '#1d1d1f', code: 'BLK' },
  { name: 'Charcoal', hex: '#3a3f44', code: 'CHA' },
  { name: 'Navy', hex: '#1f2b47', code: 'NAV' },
  { name: 'Tan', hex: '#b5804f', code: 'TAN' },
  { name: 'Cognac', hex: '#9a4b22', code: 'COG' },
  { name: 'Chocolate', hex: '#4d3024', code: 'CHO' },
  { name: 'Oat', hex: '#d9c9ab', code: 'OAT' },
  { name: 'Stone', hex: '#aaa293', code: 'STN' },
  { name: 'Olive', hex: '#66683a', code: 'OLV' },
  { name: 'Forest', hex: '#2d4a3a', code: 'FOR' },
  { name: 'Sage', hex: '#9bab87', code: 'SAG' },
  { name: 'Burgundy', hex: '#6b1f2d', code: 'BUR' },
  { name: 'Rust', hex: '#ad4f2b', code: 'RUS' },
  { name: 'Mustard', hex: '#cf9d38', code: 'MUS' },
  { name: 'Blush', hex: '#e2b3aa', code: 'BLS' },
  { name: 'Cobalt', hex: '#2c4f9e', code: 'COB' },
  { name: 'Sky', hex: '#8db5db', code: 'SKY' },
  { name: 'Teal', hex: '#2a6e72', code: 'TEA' },
  { name: 'Grey Marle', hex: '#8f9194', code: 'GRM' },
  { name: 'Ivory', hex: '#eee6d6', code: 'IVO' },
  { name: 'Lilac', hex: '#b7a5cc', code: 'LIL' },
  { name: 'Red', hex: '#b3262b', code: 'RED' },
];

export const FEATURES: { slug: string; name: string }[] = [
  { slug: 'laptop-sleeve', name: 'Laptop sleeve' },
  { slug: 'water-resistant', name: 'Water resistant' },
  { slug: 'rfid-blocking', name: 'RFID blocking' },
  { slug: 'vegan-leather', name: 'Vegan leather' },
  { slug: 'recycled-materials', name: 'Recycled materials' },
  { slug: 'lifetime-warranty', name: 'Lifetime warranty' },
  { slug: 'padded-straps', name: 'Padded straps' },
  { slug: 'adjustable-strap', name: 'Adjustable strap' },
  { slug: 'expandable', name: 'Expandable' },
  { slug: 'tsa-lock', name: 'TSA-approved lock' },
  { slug: 'spinner-wheels', name: '360° spinner wheels' },
  { slug: 'anti-theft', name: 'Anti-theft pocket' },
  { slug: 'trolley-sleeve', name: 'Trolley sleeve' },
  { slug: 'bottle-pocket', name: 'Bottle pocket' },
  { slug: 'lightweight', name: 'Lightweight' },
  { slug: 'magnetic-closure', name: 'Magnetic closure' },
  { slug: 'coin-pocket', name: 'Coin pocket' },
  { slug: 'machine-washable', name: 'Machine washable' },
  { slug: 'full-grain-leather', name: 'Full-grain leather' },
  { slug: 'hand-stitched', name: 'Hand stitched' },
];

/** Drawing / merchandising types; `kind` picks the image silhouette. */
export interface ProductTypeDef {
  kind: string;
  /** Leaf category path (canonical). */
  category: string;
  /** Relative share of the catalogue. */
  weight: number;
  /** Price range in whole dollars. */
  priceRange: [number, number];
  nouns: string[];
  /** Capacity or size suffixes for the name ('' = none). */
  suffixes: string[];
  materials: string[];
  features: string[];
  /** Size runs (one picked per family); ['One size'] when unsized. */
  sizeRuns: string[][];
  erpProductType: string;
  typeCode: string;
  genders: string[];
}

const ONE_SIZE = [['One size']];
const LEATHERS = ['Leather', 'Pebbled Leather', 'Suede', 'Vegan Leather', 'Saffiano Leather'];

export const PRODUCT_TYPES: ProductTypeDef[] = [
  {
    kind: 'backpack',
    category: 'bags/backpacks',
    weight: 14,
    priceRange: [89, 449],
    nouns: ['Backpack', 'Rolltop Backpack', 'Daypack', 'Commuter Backpack'],
    suffixes: ['18L', '20L', '22L', '26L', '30L', ''],
    materials: ['Leather', 'Waxed Canvas', 'Recycled Nylon', 'Ripstop', 'Vegan Leather', 'Canvas'],
    features: ['laptop-sleeve', 'water-resistant', 'padded-straps', 'bottle-pocket', 'anti-theft', 'trolley-sleeve', 'lifetime-warranty', 'lightweight'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'BAGS',
    typeCode: 'BP',
    genders: ['U'],
  },
  {
    kind: 'tote',
    category: 'bags/totes',
    weight: 10,
    priceRange: [59, 399],
    nouns: ['Tote', 'Shopper Tote', 'Market Tote', 'Zip Tote'],
    suffixes: ['', '', 'Large', 'Mini'],
    materials: ['Leather', 'Canvas', 'Pebbled Leather', 'Vegan Leather', 'Cotton Twill', 'Recycled Nylon'],
    features: ['laptop-sleeve', 'magnetic-closure', 'water-resistant', 'lifetime-warranty', 'lightweight', 'machine-washable'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'BAGS',
    typeCode: 'TT',
    genders: ['W', 'U', 'W'],
  },
  {
    kind: 'crossbody',
    category: 'bags/crossbody',
    weight: 10,
    priceRange: [69, 349],
    nouns: ['Crossbody', 'Crossbody Bag', 'Camera Bag', 'Phone Crossbody'],
    suffixes: ['', '', 'Mini'],
    materials: LEATHERS.concat(['Recycled Nylon', 'Canvas']),
    features: ['adjustable-strap', 'rfid-blocking', 'water-resistant', 'anti-theft', 'magnetic-closure', 'lifetime-warranty'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'BAGS',
    typeCode: 'CB',
    genders: ['W', 'U'],
  },
  {
    kind: 'shoulder',
    category: 'bags/shoulder-bags',
    weight: 8,
    priceRange: [99, 599],
    nouns: ['Shoulder Bag', 'Hobo Bag', 'Baguette Bag', 'Saddle Bag'],
    suffixes: ['', '', 'Medium'],
    materials: LEATHERS,
    features: ['adjustable-strap', 'magnetic-closure', 'full-grain-leather', 'hand-stitched', 'lifetime-warranty'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'BAGS',
    typeCode: 'SB',
    genders: ['W'],
  },
  {
    kind: 'clutch',
    category: 'bags/clutches',
    weight: 5,
    priceRange: [49, 249],
    nouns: ['Clutch', 'Envelope Clutch', 'Pouch Clutch', 'Evening Clutch'],
    suffixes: [''],
    materials: LEATHERS.concat(['Satin']),
    features: ['magnetic-closure', 'adjustable-strap', 'hand-stitched', 'vegan-leather'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'BAGS',
    typeCode: 'CL',
    genders: ['W'],
  },
  {
    kind: 'briefcase',
    category: 'bags/laptop-bags',
    weight: 5,
    priceRange: [129, 499],
    nouns: ['Laptop Brief', 'Briefcase', 'Laptop Messenger', 'Work Bag'],
    suffixes: ['14in', '15in', '16in'],
    materials: ['Leather', 'Ballistic Nylon', 'Waxed Canvas', 'Vegan Leather'],
    features: ['laptop-sleeve', 'padded-straps', 'trolley-sleeve', 'water-resistant', 'rfid-blocking', 'lifetime-warranty'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'BAGS',
    typeCode: 'LB',
    genders: ['U', 'M'],
  },
  {
    kind: 'suitcase',
    category: 'travel/luggage/carry-on',
    weight: 9,
    priceRange: [249, 899],
    nouns: ['Hardside Spinner', 'Spinner Suitcase', 'Softside Trolley', 'Aluminium Trunk'],
    suffixes: [''],
    materials: ['Polycarbonate', 'Recycled Polycarbonate', 'Aluminium', 'Ballistic Nylon'],
    features: ['spinner-wheels', 'tsa-lock', 'expandable', 'lightweight', 'lifetime-warranty', 'recycled-materials'],
    sizeRuns: [['Cabin 55 cm'], ['Cabin 55 cm', 'Medium 68 cm', 'Large 77 cm'], ['Medium 68 cm', 'Large 77 cm'], ['Large 77 cm']],
    erpProductType: 'LUGGAGE',
    typeCode: 'LG',
    genders: ['U'],
  },
  {
    kind: 'duffle',
    category: 'travel/duffles',
    weight: 6,
    priceRange: [79, 399],
    nouns: ['Duffle', 'Weekender', 'Gym Duffle', 'Holdall'],
    suffixes: ['35L', '40L', '50L', '60L', ''],
    materials: ['Leather', 'Waxed Canvas', 'Recycled Nylon', 'Canvas', 'Ripstop'],
    features: ['water-resistant', 'trolley-sleeve', 'padded-straps', 'adjustable-strap', 'lifetime-warranty', 'recycled-materials'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'LUGGAGE',
    typeCode: 'DF',
    genders: ['U'],
  },
  {
    kind: 'toiletry-bag',
    category: 'travel/travel-accessories',
    weight: 3,
    priceRange: [39, 129],
    nouns: ['Toiletry Bag', 'Wash Bag', 'Hanging Toiletry Bag'],
    suffixes: [''],
    materials: ['Recycled Nylon', 'Waxed Canvas', 'Leather', 'Ripstop'],
    features: ['water-resistant', 'recycled-materials', 'lightweight', 'machine-washable'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'TRAVEL-ACC',
    typeCode: 'TA',
    genders: ['U'],
  },
  {
    kind: 'passport-holder',
    category: 'travel/travel-accessories',
    weight: 2,
    priceRange: [39, 119],
    nouns: ['Passport Holder', 'Travel Wallet'],
    suffixes: [''],
    materials: LEATHERS,
    features: ['rfid-blocking', 'full-grain-leather', 'hand-stitched', 'vegan-leather'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'TRAVEL-ACC',
    typeCode: 'PH',
    genders: ['U'],
  },
  {
    kind: 'luggage-tag',
    category: 'travel/travel-accessories',
    weight: 1,
    priceRange: [39, 69],
    nouns: ['Luggage Tag'],
    suffixes: [''],
    materials: ['Leather', 'Vegan Leather', 'Saffiano Leather'],
    features: ['full-grain-leather', 'hand-stitched'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'TRAVEL-ACC',
    typeCode: 'LT',
    genders: ['U'],
  },
  {
    kind: 'wallet',
    category: 'accessories/wallets',
    weight: 8,
    priceRange: [49, 249],
    nouns: ['Bifold Wallet', 'Zip Wallet', 'Trifold Wallet', 'Coin Wallet', 'Continental Wallet'],
    suffixes: [''],
    materials: LEATHERS,
    features: ['rfid-blocking', 'coin-pocket', 'full-grain-leather', 'hand-stitched', 'vegan-leather', 'lifetime-warranty'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'SMALL-LEATHER',
    typeCode: 'WL',
    genders: ['U', 'M', 'W'],
  },
  {
    kind: 'card-holder',
    category: 'accessories/card-holders',
    weight: 6,
    priceRange: [39, 129],
    nouns: ['Card Holder', 'Card Sleeve', 'Slim Card Case'],
    suffixes: [''],
    materials: LEATHERS,
    features: ['rfid-blocking', 'full-grain-leather', 'hand-stitched', 'vegan-leather'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'SMALL-LEATHER',
    typeCode: 'CH',
    genders: ['U'],
  },
  {
    kind: 'belt',
    category: 'accessories/belts',
    weight: 6,
    priceRange: [49, 199],
    nouns: ['Belt', 'Dress Belt', 'Woven Belt', 'Casual Belt'],
    suffixes: ['30mm', '35mm', ''],
    materials: ['Leather', 'Suede', 'Vegan Leather', 'Woven Cotton'],
    features: ['full-grain-leather', 'hand-stitched', 'vegan-leather', 'lifetime-warranty'],
    sizeRuns: [['S', 'M', 'L', 'XL'], ['85 cm', '90 cm', '95 cm', '100 cm', '105 cm'], ['S/M', 'L/XL']],
    erpProductType: 'ACCESSORIES',
    typeCode: 'BT',
    genders: ['M', 'U', 'W'],
  },
  {
    kind: 'keyring',
    category: 'accessories/keyrings',
    weight: 4,
    priceRange: [39, 89],
    nouns: ['Keyring', 'Key Fob', 'Key Clip'],
    suffixes: [''],
    materials: ['Leather', 'Brass & Leather', 'Vegan Leather'],
    features: ['full-grain-leather', 'hand-stitched'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'ACCESSORIES',
    typeCode: 'KR',
    genders: ['U'],
  },
  {
    kind: 'sunglasses-case',
    category: 'accessories/sunglasses-cases',
    weight: 3,
    priceRange: [39, 99],
    nouns: ['Sunglasses Case', 'Glasses Case', 'Zip Glasses Case'],
    suffixes: [''],
    materials: ['Leather', 'Vegan Leather', 'Felt', 'Suede'],
    features: ['magnetic-closure', 'hand-stitched', 'vegan-leather'],
    sizeRuns: ONE_SIZE,
    erpProductType: 'ACCESSORIES',
    typeCode: 'SC',
    genders: ['U'],
  },
];

export const LINES = [
  'Harbour', 'Kauri', 'Totara', 'Matai', 'Rimu', 'Kowhai', 'Aoraki', 'Wanaka', 'Tasman', 'Hokianga',
  'Piha', 'Raglan', 'Karekare', 'Ruapehu', 'Tongariro', 'Coromandel', 'Marlborough', 'Otago', 'Fiordland', 'Kaikoura',
  'Takapuna', 'Ponsonby', 'Meridian', 'Drift', 'Atlas', 'Nomad', 'Transit', 'Commuter', 'Summit', 'Ridge',
  'Haven', 'Strand', 'Quay', 'Terrace', 'Courier', 'Voyager', 'Tide', 'Pebble', 'Alder', 'Weka',
];

/** Description parts; {noun} {name} {brand} {colour} {material} are filled in. */
export const OPENERS: Record<string, string[]> = {
  backpack: [
    'The {name} is built for the daily commute, with room for a laptop, lunch and a spare layer.',
    'A clean-lined {noun} that moves easily from the office to the bush track.',
    'Made for city days and weekend walks alike, this {noun} keeps the essentials close.',
    'Our best-selling everyday {noun}, reworked with a roomier main compartment.',
  ],
  tote: [
    'An open, easy-carry {noun} sized for a laptop, a book and the market haul.',
    'The {name} is the bag you will reach for every day, from the office to the beach.',
    'Structured enough for work, relaxed enough for the weekend: meet the {noun}.',
  ],
  crossbody: [
    'A hands-free {noun} with just enough room for phone, keys and a card holder.',
    'The {name} sits neatly at the hip and keeps the essentials within reach.',
    'Compact and secure, this {noun} is made for markets, festivals and travel days.',
  ],
  shoulder: [
    'A softly structured {noun} that sits comfortably under the arm.',
    'The {name} pairs a timeless shape with a generous interior.',
    'Dress it up or down: this {noun} works from morning meetings to dinner.',
  ],
  clutch: [
    'A slim {noun} for evenings out, with room for phone, cards and lipstick.',
    'The {name} tucks under the arm or clips onto its detachable chain.',
  ],
  briefcase: [
    'A considered {noun} for the working week, with a padded laptop compartment.',
    'The {name} keeps documents, devices and chargers organised on the move.',
  ],
  suitcase: [
    'The {name} glides through terminals on whisper-quiet spinner wheels.',
    'A tough, lightweight {noun} built to handle baggage carousels around the world.',
    'Pack smarter with a {noun} that opens flat into two balanced compartments.',
  ],
  duffle: [
    'A roomy {noun} for weekends away, gym sessions and overhead lockers.',
    'The {name} packs flat and carries by hand or on its padded shoulder strap.',
  ],
  'toiletry-bag': ['A wipe-clean {noun} with mesh pockets to keep bottles upright.', 'The {name} hangs from a hook so everything stays in view.'],
  'passport-holder': ['Keep passport, boarding pass and cards together in the {name}.', 'A slim {noun} that slides easily into a jacket pocket.'],
  'luggage-tag': ['Spot your bag on the carousel with the {name}.', 'A sturdy {noun} with a privacy flap over your details.'],
  wallet: ['A slim {noun} with space for cards, notes and receipts.', 'The {name} is crafted to wear in beautifully over years of use.', 'Everything you carry, neatly organised in a {noun}.'],
  'card-holder': ['A minimal {noun} that holds six cards and a folded note.', 'The {name} slips into a front pocket without a bulge.'],
  belt: ['A classic {noun} with a solid brass buckle.', 'The {name} is cut from a single strip and edge-painted by hand.'],
  keyring: ['A small {noun} that makes keys easy to find at the bottom of a bag.', 'The {name} is a simple, hard-wearing gift.'],
  'sunglasses-case': ['A protective {noun} that keeps lenses scratch-free.', 'The {name} closes with a soft snap and fits most frames.'],
};

export const MATERIAL_SENTENCES: Record<string, string[]> = {
  Leather: ['Full-grain leather softens with use and develops a rich patina over time.', 'Cut from vegetable-tanned leather sourced from a certified tannery.'],
  'Pebbled Leather': ['Pebbled leather resists scuffs and keeps its shape.'],
  Suede: ['Soft suede gives it a warm, tactile finish; treat it with protector spray before first use.'],
  'Vegan Leather': ['Made from a plant-based vegan leather that looks and feels like the real thing.'],
  'Saffiano Leather': ['Cross-hatched saffiano leather stands up to daily wear and wipes clean.'],
  Canvas: ['Heavyweight cotton canvas is tough enough for everyday use.'],
  'Waxed Canvas': ['Waxed canvas shrugs off Auckland showers and gains character as it ages.'],
  'Recycled Nylon': ['The shell is made from recycled nylon, around 20 plastic bottles per bag.', 'Recycled nylon keeps it light, tough and quick to dry.'],
  Ripstop: ['Ripstop fabric stops small tears from spreading.'],
  'Cotton Twill': ['Washed cotton twill gives it a relaxed, lived-in feel.'],
  'Ballistic Nylon': ['Ballistic nylon was developed for flak jackets and is built to take a beating.'],
  Polycarbonate: ['The polycarbonate shell flexes under impact instead of cracking.'],
  'Recycled Polycarbonate': ['The shell is moulded from recycled polycarbonate that flexes under impact.'],
  Aluminium: ['An aircraft-grade aluminium shell with reinforced corners.'],
  Satin: ['Lustrous satin with a hidden zip pocket inside.'],
  'Woven Cotton': ['Braided cotton gives a flexible fit without punched holes.'],
  'Brass & Leather': ['Solid brass hardware paired with a leather loop.'],
  Felt: ['Dense wool felt cushions lenses and frames.'],
};

export const CLOSERS = [
  'Finished in {colour} with tonal stitching.',
  'Designed in Aotearoa by {brand}.',
  'Shown here in {colour}; also available in other colours.',
  'Backed by a two-year warranty from {brand}.',
  'Pairs well with the matching card holder.',
  'Wipe clean with a soft, dry cloth.',
];

export { OVERLAYS } from '../store/catalog/overlays.js';
