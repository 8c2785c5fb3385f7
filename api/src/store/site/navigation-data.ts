/**
 * The seeded main navigation: top-level items, dropdown columns (left
 * lists, right feature images) and links. Every category link is a path of the catalogue seed
 * (api/src/seed/data.ts CATEGORY_TREE); images are the site images the image endpoint draws.
 */
export interface NavSeedLeaf {
  label: string;
  href: string;
  image?: { src: string; alt: string };
}

export interface NavSeedChild extends NavSeedLeaf {
  location: 'left' | 'right';
  children?: NavSeedLeaf[];
}

export interface NavSeedItem {
  label: string;
  href: string;
  children?: NavSeedChild[];
}

export const NAVIGATION_SEED: NavSeedItem[] = [
  {
    label: 'Bags',
    href: '/categories/bags',
    children: [
      {
        label: 'Shop by style',
        href: '/categories/bags',
        location: 'left',
        children: [
          { label: 'Backpacks', href: '/categories/bags/backpacks' },
          { label: 'Totes', href: '/categories/bags/totes' },
          { label: 'Crossbody Bags', href: '/categories/bags/crossbody' },
          { label: 'Shoulder Bags', href: '/categories/bags/shoulder-bags' },
          { label: 'Clutches', href: '/categories/bags/clutches' },
          { label: 'Laptop Bags', href: '/categories/bags/laptop-bags' },
        ],
      },
      {
        label: 'Highlights',
        href: '/categories/new-arrivals',
        location: 'left',
        children: [
          { label: 'New Arrivals', href: '/categories/new-arrivals' },
          { label: 'Sale', href: '/categories/sale' },
          { label: 'All bags', href: '/categories/bags' },
        ],
      },
      {
        label: 'Everyday carry, made to last',
        href: '/categories/bags/backpacks',
        location: 'right',
        image: { src: 'images/site/category-bags.jpg', alt: 'A canvas backpack, a leather tote and a crossbody bag on a linen backdrop' },
      },
    ],
  },
  {
    label: 'Travel',
    href: '/categories/travel',
    children: [
      {
        label: 'Luggage',
        href: '/categories/travel/luggage',
        location: 'left',
        children: [
          { label: 'Carry-on Luggage', href: '/categories/travel/luggage/carry-on' },
          { label: 'Checked Luggage', href: '/categories/travel/luggage/checked' },
          { label: 'All luggage', href: '/categories/travel/luggage' },
        ],
      },
      {
        label: 'On the road',
        href: '/categories/travel',
        location: 'left',
        children: [
          { label: 'Duffles & Weekenders', href: '/categories/travel/duffles' },
          { label: 'Travel Accessories', href: '/categories/travel/travel-accessories' },
          { label: 'All travel', href: '/categories/travel' },
        ],
      },
      {
        label: 'Pack for the long weekend',
        href: '/categories/travel/duffles',
        location: 'right',
        image: { src: 'images/site/category-travel.jpg', alt: 'A hard-shell suitcase beside a waxed-canvas duffle and a toiletry bag' },
      },
    ],
  },
  {
    label: 'Accessories',
    href: '/categories/accessories',
    children: [
      {
        label: 'Small leather goods',
        href: '/categories/accessories',
        location: 'left',
        children: [
          { label: 'Wallets', href: '/categories/accessories/wallets' },
          { label: 'Card Holders', href: '/categories/accessories/card-holders' },
          { label: 'Belts', href: '/categories/accessories/belts' },
        ],
      },
      {
        label: 'Finishing touches',
        href: '/categories/accessories',
        location: 'left',
        children: [
          { label: 'Keyrings', href: '/categories/accessories/keyrings' },
          { label: 'Sunglasses Cases', href: '/categories/accessories/sunglasses-cases' },
          { label: 'All accessories', href: '/categories/accessories' },
        ],
      },
      {
        label: 'Gifts that get used every day',
        href: '/categories/accessories/wallets',
        location: 'right',
        image: { src: 'images/site/category-accessories.jpg', alt: 'A leather wallet, a woven belt and a brass keyring laid out on oak' },
      },
    ],
  },
  { label: 'New Arrivals', href: '/categories/new-arrivals' },
  { label: 'Sale', href: '/categories/sale' },
  { label: 'Stores', href: '/stores' },
  { label: 'Journal', href: '/blog' },
];
