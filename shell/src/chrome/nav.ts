export interface NavLink {
  label: string;
  href: string;
}

export const MAIN_NAV: NavLink[] = [
  { label: 'Bags', href: '/categories/bags' },
  { label: 'Travel', href: '/categories/travel' },
  { label: 'Accessories', href: '/categories/accessories' },
  { label: 'New arrivals', href: '/categories/new-arrivals' },
  { label: 'Sale', href: '/categories/sale' },
  { label: 'Stores', href: '/stores' },
  { label: 'Journal', href: '/blog' },
];

export const FOOTER_GROUPS: { groupHeading: string; links: NavLink[] }[] = [
  {
    groupHeading: 'Shop',
    links: [
      { label: 'Bags', href: '/categories/bags' },
      { label: 'Travel', href: '/categories/travel' },
      { label: 'Accessories', href: '/categories/accessories' },
      { label: 'New arrivals', href: '/categories/new-arrivals' },
    ],
  },
  {
    groupHeading: 'Customer care',
    links: [
      { label: 'Shipping', href: '/articles/shipping' },
      { label: 'Returns', href: '/articles/returns' },
      { label: 'Warranty', href: '/articles/warranty' },
      { label: 'Track an order', href: '/orders' },
    ],
  },
  {
    groupHeading: 'About Fernleaf',
    links: [
      { label: 'Find a store', href: '/stores' },
      { label: 'Journal', href: '/blog' },
      { label: 'Terms of use', href: '/articles/terms-of-use' },
      { label: 'Privacy policy', href: '/articles/privacy-policy' },
    ],
  },
];
