/**
 * Fernleaf's site copy: home page, articles and journal (blog) posts, written for this project.
 * Images are drawn by the API (api/src/store/content/images.ts), referred to by scene name.
 */
export { AU_ONLY, BOTH_MARKETS, NZ_ONLY, type SeedMarkets } from './content-blocks.js';
export { AU_HELP_CENTRE_SEEDED_AT, AU_HELP_CENTRE_UPDATED_AT, SEED_ARTICLES, SEED_AU_ARTICLES, SHIPPING_FIGURES_UPDATED_AT, SHIPPING_SEEDED_AT, type SeedArticle } from './content-articles.js';
export { SEED_AU_BLOG_POSTS, SEED_BLOG_POSTS, type SeedBlogPost } from './content-blog.js';
export { BLOG_TAGS } from '../store/content/blog-tags.js';

export const SEED_HOME = {
  title: 'Fernleaf | Bags, travel and accessories',
  description: 'Backpacks, totes, luggage and leather accessories made for life in Aotearoa. Free shipping over $150 and free click and collect from our stores.',
  slider: {
    autoplay: true,
    intervalMs: 6000,
    pauseOnHover: true,
    slides: [
      { id: 'spring', eyebrow: 'Spring collection', heading: 'Made for the long way round', text: 'Backpacks, totes and luggage built to carry a life in Aotearoa, from the morning ferry to the long weekend away.', cta: { label: 'Shop new arrivals', href: '/categories/new-arrivals' }, image: 'slide-spring', alt: 'A backpack and tote on a beach' },
      { id: 'travel', eyebrow: 'Travel', heading: 'Pack once, go anywhere', text: 'Carry-on spinners and weekenders with a lifetime warranty on selected ranges.', cta: { label: 'Shop luggage', href: '/categories/travel/luggage' }, image: 'slide-travel', alt: 'A suitcase and duffle in front of mountains' },
      { id: 'leather', eyebrow: 'Leather goods', heading: 'Small things, beautifully made', text: 'Wallets, card holders and belts in full-grain leather that gets better with age.', cta: { label: 'Shop accessories', href: '/categories/accessories' }, image: 'slide-leather', alt: 'A wallet, card holder and belt on a workbench' },
      { id: 'commute', eyebrow: 'Work and commute', heading: 'Ready for the 7.45 ferry', text: 'Laptop backpacks and briefcases with padded sleeves and weatherproof zips.', cta: { label: 'Shop laptop bags', href: '/categories/bags/laptop-bags' }, image: 'slide-commute', alt: 'A briefcase and backpack in front of city towers' },
    ],
  },
  featuredCategories: [
    { label: 'Backpacks', href: '/categories/bags/backpacks', blurb: 'Commute-ready, trail-tested', image: 'images/site/category-bags.jpg', alt: 'Backpacks, totes and crossbody bags' },
    { label: 'Totes', href: '/categories/bags/totes', blurb: 'Market days to meeting rooms', image: 'images/site/hero-1.jpg', alt: 'A backpack and tote' },
    { label: 'Luggage', href: '/categories/travel/luggage', blurb: 'Carry-on and checked', image: 'images/site/category-travel.jpg', alt: 'Suitcases and duffles' },
    { label: 'Wallets', href: '/categories/accessories/wallets', blurb: 'Slim leather, RFID blocking', image: 'images/site/category-accessories.jpg', alt: 'Wallets, belts and keyrings' },
  ],
  rails: [
    { id: 'new-arrivals', heading: 'New arrivals', href: '/categories/new-arrivals', category: 'new-arrivals', sort: 'newest', limit: 8 },
    { id: 'featured', heading: 'Featured travel', href: '/categories/travel', category: 'travel', sort: '', limit: 8 },
  ],
};
