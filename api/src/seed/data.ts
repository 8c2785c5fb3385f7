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

export { PRODUCT_TYPES, type ProductTypeDef } from './product-types.js';
export { CLOSERS, LINES, MATERIAL_SENTENCES, OPENERS } from './product-copy.js';
export { OVERLAYS } from '../store/catalog/overlays.js';
