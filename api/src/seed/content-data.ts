/**
 * Fernleaf's site copy: home page, articles and journal (blog) posts, written for this project.
 * Images are drawn by the API (api/src/store/content/images.ts), referred to by scene name.
 */
import type { ContentBlockRow } from '../platform/db/schema-content.js';

type B = ContentBlockRow;
const p = (text: string): B => ({ type: 'paragraph', text });
const h = (text: string): B => ({ type: 'heading', text });
const list = (...items: string[]): B => ({ type: 'list', items });
const link = (text: string, href: string): B => ({ type: 'link', text, href });

/**
 * The markets a document belongs to (the `markets` column of articles and blog_posts):
 * the New Zealand site's own pages (NZ prices and law, NZ places, NZ customer service), the
 * Australian site's, and market-neutral ones shown on both.
 */
export type SeedMarkets = readonly ('NZ' | 'AU')[];
export const NZ_ONLY: SeedMarkets = ['NZ'];
export const AU_ONLY: SeedMarkets = ['AU'];
export const BOTH_MARKETS: SeedMarkets = ['NZ', 'AU'];

export interface SeedArticle {
  path: string;
  markets: SeedMarkets;
  title: string;
  description: string;
  image: string | null;
  imageAlt: string;
  updatedAt: string;
  body: B[];
}

/**
 * When the Australian help centre was seeded before it linked its gift-card article: an unedited
 * copy (still this date) gets the new body at start (seed/markets.ts), an edited one is left alone.
 */
export const AU_HELP_CENTRE_SEEDED_AT = '2026-11-25T00:00:00.000Z';
export const AU_HELP_CENTRE_UPDATED_AT = '2026-11-26T00:00:00.000Z';

/**
 * The delivery pages name their prices and times with tokens filled from checkout's own figures
 * (store/content/delivery-figures.ts). Copies seeded before, still unedited (their first date),
 * get the tokened body at start (seed/content.ts); edited ones are left alone.
 */
export const SHIPPING_FIGURES_UPDATED_AT = '2026-11-27T00:00:00.000Z';
export const SHIPPING_SEEDED_AT: Record<string, string> = { shipping: '2026-09-01T00:00:00.000Z', 'shipping-australia': '2026-11-20T00:00:00.000Z' };

/** The Australian store's customer-service pages (the market's supportDelivery and supportReturns). */
export const SEED_AU_ARTICLES: SeedArticle[] = [
  {
    path: 'shipping-australia',
    markets: BOTH_MARKETS,
    title: 'Shipping and delivery in Australia',
    description: 'Delivery options, costs and times for orders from our Australian store, plus tracking.',
    image: 'article-shipping',
    imageAlt: 'A duffle bag on a beach with the sea behind it',
    updatedAt: SHIPPING_FIGURES_UPDATED_AT,
    body: [
      p('Orders from our Australian store are packed at our Sydney warehouse and dispatched every weekday. Prices are in Australian dollars and include 10% GST.'),
      h('Delivery options'),
      list(
        'Standard delivery: {{shipping.AU.au-standard.price}}. {{shipping.AU.au-standard.description}}.',
        'Express delivery: {{shipping.AU.au-express.price}}. {{shipping.AU.au-express.description}}; regional addresses can take a day or two longer.',
        'Free delivery, standard or express, on orders of {{shipping.AU.freeOver}} or more.',
      ),
      h('Tracking your order'),
      p('When your parcel leaves us we e-mail you a tracking link. You can also look an order up with its number and your e-mail address on the Track an order page.'),
      link('Track an order', '/orders'),
    ],
  },
  {
    path: 'returns-australia',
    markets: AU_ONLY,
    title: 'Returns and exchanges in Australia',
    description: 'Return unused items bought from our Australian store within 30 days for a refund or exchange.',
    image: 'article-returns',
    imageAlt: 'A tote bag in front of city buildings',
    updatedAt: '2026-11-20T00:00:00.000Z',
    body: [
      p('If something is not quite right, you can return it within 30 days of delivery for a refund or an exchange. Items need to be unused, with tags and packaging intact.'),
      h('Returning by post'),
      list(
        'Signed-in customers: open the order in your account and choose "Return items". Guests: use the guest return form with your order number and e-mail address.',
        'Print the free return label we e-mail you and drop the parcel at any Australia Post outlet.',
        'We refund to the original payment method, in Australian dollars, within 5 business days of receiving the parcel.',
      ),
      link('Start a guest return', '/return/guest/create'),
      h('Your rights'),
      p('Personalised pieces and gift cards cannot be returned unless they are faulty. None of this limits your rights under the Australian Consumer Law.'),
    ],
  },
  {
    path: 'help-centre-australia',
    markets: AU_ONLY,
    title: 'Help centre (Australia)',
    description: 'Answers about orders from our Australian store, delivery, returns, gift cards and your account, and how to reach our Sydney customer care team.',
    image: 'article-help',
    imageAlt: 'A crossbody bag among ferns',
    updatedAt: AU_HELP_CENTRE_UPDATED_AT,
    body: [
      p('Our Australian customer care team is based in Sydney and answers messages Monday to Friday, 8:30 am to 5:30 pm, and Saturday 10 am to 3 pm (Sydney time).'),
      list('Phone: 1800 337 653 (1800 FERNLEAF) from Australia', 'E-mail: care@fernleaf.com.au, answered within one business day', 'In person: any of our Australian stores'),
      h('Orders and delivery'),
      link('Shipping and delivery in Australia', '/articles/shipping-australia'),
      link('Track an order', '/orders'),
      h('Returns and repairs'),
      link('Returns and exchanges in Australia', '/articles/returns-australia'),
      link('Warranty and repairs in Australia', '/articles/warranty-australia'),
      h('Gift cards'),
      p('Gift cards bought from our Australian store are in Australian dollars and can be used on this site and in our Australian stores. New Zealand gift cards can only be used on the New Zealand site. To check a card\'s balance, enter its number and PIN in the gift card field at checkout.'),
      link('Using and checking gift cards in Australia', '/articles/help-centre-australia/gift-cards'),
      h('Caring for your bag'),
      link('Leather care guide', '/articles/care/leather'),
    ],
  },
  {
    path: 'help-centre-australia/gift-cards',
    markets: AU_ONLY,
    title: 'Gift cards (Australia)',
    description: 'How to use Fernleaf gift cards from our Australian store online and in store, check a balance, and how long a card is valid.',
    image: 'article-gift-cards',
    imageAlt: 'A clutch and a card holder under a night sky',
    updatedAt: '2026-11-26T00:00:00.000Z',
    body: [
      p('Gift cards bought from our Australian store are in Australian dollars and can be used on this site and in any of our Australian stores. They are valid for three years from purchase, the minimum the Australian Consumer Law sets for gift cards.'),
      h('Using a gift card online'),
      p('At the payment step of checkout, choose "Gift card" and enter the card number and the 4-digit PIN from the back of the card. You can use several gift cards on one order and pay any balance by card or PayPal.'),
      h('New Zealand gift cards'),
      p('Gift cards bought from our New Zealand store are in New Zealand dollars: they can be used on our New Zealand site and in our New Zealand stores only, not here.'),
      h('Checking your balance'),
      p('Your remaining balance is shown when you apply the card at checkout, and on the receipt whenever you use it in store.'),
      h('Lost or locked cards'),
      p('After several incorrect PIN attempts a card is locked for your protection. Contact our Sydney customer care team on 1800 337 653 with the card number and proof of purchase and we will unlock or replace it.'),
      p('Gift cards cannot be exchanged for cash or used to buy other gift cards.'),
      link('Back to the help centre', '/articles/help-centre-australia'),
    ],
  },
  {
    path: 'warranty-australia',
    markets: AU_ONLY,
    title: 'Warranty and repairs in Australia',
    description: 'Every Fernleaf bag bought in Australia carries a 2-year warranty against faults in materials and workmanship, on top of your rights under the Australian Consumer Law.',
    image: 'article-warranty',
    imageAlt: 'A suitcase in a workshop',
    updatedAt: '2026-11-25T00:00:00.000Z',
    body: [
      p('Every bag, case and accessory bought from our Australian store carries a 2-year warranty from the date of purchase against faults in materials and workmanship. Products marked "Lifetime warranty" are covered for as long as you own them.'),
      h('What is covered'),
      list('Broken zips, buckles, clasps and other hardware', 'Wheels, handles and telescopic trolleys on luggage', 'Seams and stitching that come apart in normal use'),
      h('What is not covered'),
      list('Normal wear such as scuffs, fading and the patina that leather develops', 'Damage caused by airlines or carriers (please claim with them first; we will give you a repair quote)', 'Misuse, accidents and unauthorised repairs'),
      h('Making a claim'),
      p('Bring the item with proof of purchase to any of our Australian stores, or e-mail photos of the fault and your order number to care@fernleaf.com.au. Repairs are sent from our Sydney warehouse and usually come back within 20 business days; if we cannot repair it, we replace it or refund you.'),
      p('Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. You are entitled to a replacement or refund for a major failure and compensation for any other reasonably foreseeable loss or damage. This warranty is in addition to those rights.'),
    ],
  },
  {
    path: 'terms-of-use-australia',
    markets: AU_ONLY,
    title: 'Terms of use (Australia)',
    description: 'The terms that apply when you use our Australian website and buy from our Australian store.',
    image: 'article-legal',
    imageAlt: 'A passport holder under a starry sky',
    updatedAt: '2026-11-25T00:00:00.000Z',
    body: [
      p('These terms apply to your use of our Australian website and to orders placed on it. By using the site you agree to them. Orders are fulfilled by Fernleaf Australia Pty Ltd from our Sydney warehouse; these terms are governed by the law of New South Wales.'),
      h('Prices and payment'),
      p('Prices are in Australian dollars and include GST at 10%. We may correct pricing errors before we accept your order. An order is accepted when we e-mail you its dispatch or collection confirmation.'),
      h('Availability'),
      p('Stock shown online is updated throughout the day but can change quickly. If an item you ordered is no longer available we will tell you and refund it in full.'),
      h('Your account'),
      p('Keep your password private. You are responsible for orders placed with your account until you tell us it has been compromised. One Fernleaf account signs in on our New Zealand and Australian sites; each site keeps its own cart, wishlist and addresses.'),
      h('Content on this site'),
      p('Text, illustrations and designs on this site belong to Fernleaf Limited. You may share links to our pages but may not copy our content for commercial use without permission.'),
      h('Consumer law'),
      p('Nothing in these terms limits your rights under the Australian Consumer Law.'),
      h('Changes'),
      p('We may update these terms from time to time. The version in force when you place an order applies to that order.'),
    ],
  },
  {
    path: 'privacy-policy-australia',
    markets: AU_ONLY,
    title: 'Privacy policy (Australia)',
    description: 'What personal information our Australian store collects, why, how we keep it safe and how you can see or correct it.',
    image: 'article-legal',
    imageAlt: 'A passport holder under a starry sky',
    updatedAt: '2026-11-25T00:00:00.000Z',
    body: [
      p('We collect and handle personal information in line with the Privacy Act 1988 and the Australian Privacy Principles. This policy explains what we collect and what we do with it.'),
      h('What we collect'),
      list('Your name, e-mail address, phone number and delivery and billing addresses when you order or create an account', 'Your order history, wishlist and cart, so they follow you between devices', 'Payment details, handled by our payment providers: we never see or store full card numbers', 'How you use our site, through analytics cookies, if you allow them'),
      h('How we use it'),
      list('To process, deliver and support your orders', 'To send marketing e-mail if you subscribed (every e-mail has an unsubscribe link)', 'To prevent fraud and keep the site secure', 'To improve our range and our site'),
      h('Sharing and overseas disclosure'),
      p('We share information only with the couriers, payment providers and service providers who help us run the store, and only as much as they need. Our customer systems are run by our parent company in New Zealand, so your information is held there too. We do not sell personal information.'),
      h('Your rights'),
      p('You can ask to see or correct the personal information we hold about you by e-mailing privacy@fernleaf.com.au. If you are not satisfied with our response you can complain to the Office of the Australian Information Commissioner (OAIC).'),
    ],
  },
];

export const SEED_ARTICLES: SeedArticle[] = [
  {
    path: 'shipping',
    markets: NZ_ONLY,
    title: 'Shipping and delivery',
    description: 'Delivery times, costs and tracking for orders shipped within New Zealand and to Australia, plus free click and collect from our stores.',
    image: 'article-shipping',
    imageAlt: 'A duffle bag on a beach with the sea behind it',
    updatedAt: SHIPPING_FIGURES_UPDATED_AT,
    body: [
      p('We pack and dispatch orders from our Auckland warehouse every weekday. Orders placed before 1 pm (NZ time) on a business day usually leave the same day.'),
      h('Delivery within New Zealand'),
      list(
        'Standard delivery: {{shipping.NZ.standard.price}}. {{shipping.NZ.standard.description}}.',
        'Express delivery: {{shipping.NZ.express.price}}. {{shipping.NZ.express.description}} when ordered before 1 pm.',
        'Free delivery, standard or express, on orders of {{shipping.NZ.freeOver}} or more. Rural addresses pay no extra.',
        'Click and collect: free from any store that offers it. We e-mail you when your order is ready, usually within 2 hours of opening time.',
      ),
      h('Delivery to Australia'),
      p('Shopping for an Australian address? Order from our Australian site: prices there are in Australian dollars and include 10% GST, delivery is from {{shipping.AU.au-standard.price}} and free on orders of {{shipping.AU.freeOver}} or more.'),
      link('Shipping within Australia', '/articles/shipping-australia'),
      h('Tracking your order'),
      p('As soon as your parcel leaves us you will get an e-mail with a tracking link. You can also look an order up with its number and your e-mail address on the Track an order page.'),
      link('Track an order', '/orders'),
      h('Large items'),
      p('Checked luggage ships in its own carton and may arrive separately from the rest of your order. Someone will need to sign for parcels worth more than $500.'),
    ],
  },
  {
    path: 'returns',
    markets: NZ_ONLY,
    title: 'Returns and exchanges',
    description: 'Changed your mind? Return unused items within 30 days for a refund or exchange, in store or by post.',
    image: 'article-returns',
    imageAlt: 'A tote bag in front of city buildings',
    updatedAt: '2026-09-01T00:00:00.000Z',
    body: [
      p('If something is not quite right, you can return it within 30 days of delivery or collection for a refund or an exchange. Items need to be unused, with tags and packaging intact.'),
      h('Returning in store'),
      p('Bring the item and your order number to any Fernleaf store. We refund to the original payment method on the spot, or swap it for a different size or colour.'),
      link('Find a store', '/stores'),
      h('Returning by post'),
      list(
        'Signed-in customers: open the order in your account and choose "Return items". Guests: use the guest return form with your order number and e-mail address.',
        'Print the free return label we e-mail you and drop the parcel at any NZ Post outlet.',
        'We refund within 5 business days of receiving the parcel. Original shipping costs are refunded only when the item is faulty.',
      ),
      link('Start a guest return', '/return/guest/create'),
      h('Items we cannot take back'),
      p('Personalised or monogrammed pieces, and gift cards, cannot be returned unless they are faulty. This does not affect your rights under the Consumer Guarantees Act.'),
    ],
  },
  {
    path: 'warranty',
    markets: NZ_ONLY,
    title: 'Warranty and repairs',
    description: 'Every Fernleaf bag carries a 2-year warranty against faults in materials and workmanship; some ranges carry a lifetime warranty.',
    image: 'article-warranty',
    imageAlt: 'A suitcase in a workshop',
    updatedAt: '2026-08-15T00:00:00.000Z',
    body: [
      p('We stand behind what we sell. Every bag, case and accessory carries a 2-year warranty from the date of purchase against faults in materials and workmanship. Products marked "Lifetime warranty" are covered for as long as you own them.'),
      h('What is covered'),
      list('Broken zips, buckles, clasps and other hardware', 'Wheels, handles and telescopic trolleys on luggage', 'Seams and stitching that come apart in normal use'),
      h('What is not covered'),
      list('Normal wear such as scuffs, fading and the patina that leather develops', 'Damage caused by airlines or carriers (please claim with them first; we will give you a repair quote)', 'Misuse, accidents and unauthorised repairs'),
      h('Making a claim'),
      p('Bring the item with proof of purchase to any store, or e-mail photos of the fault and your order number to care@fernleaf.co.nz. Most repairs are done in our Christchurch workshop within 15 business days; if we cannot repair it, we replace it.'),
      p('Your rights under the Consumer Guarantees Act 1993 (and Australian Consumer Law for Australian orders) apply in addition to this warranty.'),
    ],
  },
  {
    path: 'help-centre',
    markets: NZ_ONLY,
    title: 'Help centre',
    description: 'Answers to common questions about orders, delivery, returns, gift cards and your account, and how to reach our customer care team.',
    image: 'article-help',
    imageAlt: 'A crossbody bag among ferns',
    updatedAt: '2026-10-20T00:00:00.000Z',
    body: [
      p('Our customer care team is based in Auckland and answers messages Monday to Friday, 8:30 am to 5:30 pm, and Saturday 10 am to 3 pm (NZ time).'),
      list('Phone: 0800 337 653 (0800 FERNLEAF) from New Zealand', 'E-mail: care@fernleaf.co.nz, answered within one business day', 'In person: any of our stores'),
      h('Orders and delivery'),
      link('Shipping and delivery', '/articles/shipping'),
      link('Track an order', '/orders'),
      h('Returns and repairs'),
      link('Returns and exchanges', '/articles/returns'),
      link('Warranty and repairs', '/articles/warranty'),
      h('Gift cards'),
      link('Using and checking gift cards', '/articles/help-centre/gift-cards'),
      h('Caring for your bag'),
      link('Leather care guide', '/articles/care/leather'),
    ],
  },
  {
    path: 'help-centre/gift-cards',
    markets: NZ_ONLY,
    title: 'Gift cards',
    description: 'How to use Fernleaf gift cards online and in store, check a balance, and what happens when a card expires.',
    image: 'article-gift-cards',
    imageAlt: 'A clutch and a card holder under a night sky',
    updatedAt: '2026-10-20T00:00:00.000Z',
    body: [
      p('Fernleaf gift cards can be used online and in any of our New Zealand stores. They are valid for three years from purchase.'),
      h('Using a gift card online'),
      p('At the payment step of checkout, choose "Gift card" and enter the 16-digit card number and the 4-digit PIN from the back of the card. You can use several gift cards on one order and pay any balance by card or PayPal.'),
      h('Checking your balance'),
      p('Your remaining balance is shown when you apply the card at checkout, and on the receipt whenever you use it in store.'),
      h('Lost or locked cards'),
      p('After several incorrect PIN attempts a card is locked for your protection. Contact customer care with the card number and proof of purchase and we will unlock or replace it.'),
      p('Gift cards cannot be exchanged for cash or used to buy other gift cards.'),
    ],
  },
  {
    path: 'care/leather',
    markets: BOTH_MARKETS,
    title: 'Leather care guide',
    description: 'How to clean, condition and store a leather bag or wallet so it ages well.',
    image: 'article-care',
    imageAlt: 'A leather wallet and keyring on a workbench',
    updatedAt: '2026-07-01T00:00:00.000Z',
    body: [
      p('Good leather gets better with age if you give it a little attention. Here is what our workshop team recommends.'),
      h('Every few weeks'),
      list('Brush off dust with a soft, dry cloth.', 'Wipe marks with a barely damp cloth and let the leather dry naturally, away from heaters.'),
      h('Every six months'),
      list('Apply a thin layer of neutral leather conditioner with a soft cloth, in small circles.', 'Leave it for an hour, then buff off any excess.'),
      h('Storage'),
      p('Stuff bags with tissue paper to hold their shape, keep them in the cotton dust bag they came with, and store them somewhere cool and dry. Avoid plastic, which traps moisture.'),
      h('If it gets wet'),
      p('Blot, do not rub. Let it dry at room temperature, then condition it once dry. Caught out by a Wellington southerly? A wet bag dries best stuffed with newspaper.'),
    ],
  },
  {
    path: 'terms-of-use',
    markets: NZ_ONLY,
    title: 'Terms of use',
    description: 'The terms that apply when you use the Fernleaf website and buy from us online.',
    image: 'article-legal',
    imageAlt: 'A passport holder under a starry sky',
    updatedAt: '2026-06-30T00:00:00.000Z',
    body: [
      p('These terms apply to your use of fernleaf.co.nz and to orders placed on it. By using the site you agree to them. Fernleaf Limited is a New Zealand company; these terms are governed by New Zealand law.'),
      h('Prices and payment'),
      p('Prices are in New Zealand dollars and include GST at 15%. We may correct pricing errors before we accept your order. An order is accepted when we e-mail you its dispatch or collection confirmation.'),
      h('Availability'),
      p('Stock shown online is updated throughout the day but can change quickly. If an item you ordered is no longer available we will tell you and refund it in full.'),
      h('Your account'),
      p('Keep your password private. You are responsible for orders placed with your account until you tell us it has been compromised.'),
      h('Content on this site'),
      p('Text, illustrations and designs on this site belong to Fernleaf Limited. You may share links to our pages but may not copy our content for commercial use without permission.'),
      h('Consumer law'),
      p('Nothing in these terms limits your rights under the Consumer Guarantees Act 1993, the Fair Trading Act 1986 or, for Australian customers, the Australian Consumer Law.'),
      h('Changes'),
      p('We may update these terms from time to time. The version in force when you place an order applies to that order.'),
    ],
  },
  {
    path: 'privacy-policy',
    markets: NZ_ONLY,
    title: 'Privacy policy',
    description: 'What personal information Fernleaf collects, why, how we keep it safe and how you can see or correct it.',
    image: 'article-legal',
    imageAlt: 'A passport holder under a starry sky',
    updatedAt: '2026-06-30T00:00:00.000Z',
    body: [
      p('We collect and use personal information in line with the Privacy Act 2020. This policy explains what we collect and what we do with it.'),
      h('What we collect'),
      list('Your name, e-mail address, phone number and delivery and billing addresses when you order or create an account', 'Your order history, wishlist and cart, so they follow you between devices', 'Payment details, handled by our payment providers: we never see or store full card numbers', 'How you use our site, through analytics cookies, if you allow them'),
      h('How we use it'),
      list('To process, deliver and support your orders', 'To send marketing e-mail if you subscribed (every e-mail has an unsubscribe link)', 'To prevent fraud and keep the site secure', 'To improve our range and our site'),
      h('Sharing'),
      p('We share information only with the couriers, payment providers and service providers who help us run the store, and only as much as they need. We do not sell personal information.'),
      h('Your rights'),
      p('You can ask to see or correct the personal information we hold about you by e-mailing privacy@fernleaf.co.nz. If you are not satisfied with our response you can complain to the Office of the Privacy Commissioner.'),
    ],
  },
];

export { BLOG_TAGS } from '../store/content/blog-tags.js';

export interface SeedBlogPost {
  path: string;
  markets: SeedMarkets;
  title: string;
  description: string;
  author: string;
  tags: string[];
  image: string;
  imageAlt: string;
  publishedAt: string;
  body: B[];
}

export const SEED_BLOG_POSTS: SeedBlogPost[] = [
  {
    path: 'carry-on-only-two-weeks',
    markets: BOTH_MARKETS,
    title: 'Two weeks in Japan with carry-on only',
    description: 'Our buyer Mere spent a fortnight between Tokyo and Kyoto with one 40-litre bag. Here is exactly what she packed.',
    author: 'Mere Tawhiri',
    tags: ['travel', 'packing'],
    image: 'blog-carry-on',
    imageAlt: 'A carry-on suitcase and toiletry bag in front of snowy mountains',
    publishedAt: '2026-11-12T20:00:00.000Z',
    body: [
      p('Travelling carry-on only is less about willpower and more about a plan. On a two-week trip through Japan I never waited at a baggage carousel, and I never missed anything I left at home.'),
      h('The bag'),
      p('I used a 40-litre carry-on with a clamshell opening, so it packs like a small suitcase but carries like a backpack up the stairs at Kyoto station.'),
      h('The list'),
      list('Five tops and two merino layers that all go with each other', 'Two pairs of trousers and one pair of shorts', 'One pair of walking shoes, worn on the plane, and light sandals', 'A packable rain shell', 'A small crossbody for day trips, folded flat in the bottom of the bag'),
      h('What made it work'),
      p('Packing cubes kept clothes compressed and made hotel changes take minutes. Coin laundries are everywhere in Japan: a wash halfway through means you only need a week of clothes.'),
    ],
  },
  {
    path: 'great-walks-day-pack',
    markets: NZ_ONLY,
    title: 'What to carry on a Great Walk',
    description: 'From the Abel Tasman to the Routeburn: how to choose a pack and what goes in it for New Zealand\'s multi-day tracks.',
    author: 'Sam Whitaker',
    tags: ['outdoors', 'packing'],
    image: 'blog-great-walks',
    imageAlt: 'A green backpack among ferns',
    publishedAt: '2026-11-03T19:00:00.000Z',
    body: [
      p('New Zealand weather changes fast, and a Great Walk is no place to find out your pack does not fit. Here is our checklist, tested on the Kepler and the Abel Tasman.'),
      h('Choosing a pack'),
      p('For hut-to-hut walks, 45 to 55 litres is plenty. Look for a padded hip belt that takes most of the weight, a back length that matches yours, and a pack liner: rain covers alone rarely keep gear dry in Fiordland.'),
      h('Always in the pack'),
      list('Waterproof jacket and overtrousers', 'A warm hat and gloves, even in summer', 'First-aid kit and a personal locator beacon', 'At least one day of extra food', 'Your hut tickets or booking confirmation'),
      p('Check the Department of Conservation track page the day before you set off: tracks close for slips and high rivers.'),
    ],
  },
  {
    path: 'caring-for-leather-in-a-humid-climate',
    markets: BOTH_MARKETS,
    title: 'Caring for leather in a humid climate',
    description: 'Auckland humidity is hard on leather. Our workshop lead explains how to stop mould, stiffness and marks before they start.',
    author: 'Aroha Bennett',
    tags: ['care'],
    image: 'blog-leather-care',
    imageAlt: 'A leather wallet and belt on a workbench',
    publishedAt: '2026-10-28T21:00:00.000Z',
    body: [
      p('Leather is a natural material: it breathes, absorbs moisture and dries out again. In a humid summer that cycle can leave bags stiff, spotted or smelling musty.'),
      h('Let it breathe'),
      p('Store leather in the cotton dust bag it came with, never in plastic. A wardrobe with a moisture absorber is better than a closed drawer.'),
      h('Condition lightly'),
      p('A thin coat of conditioner twice a year keeps fibres supple. More is not better: too much conditioner attracts dust and darkens the leather.'),
      h('If mould appears'),
      p('Wipe it off outside with a cloth dampened with a mix of equal parts water and white vinegar, let the bag dry in the shade, then condition it. If it comes back, bring it into a store and we will take a look.'),
      link('Read our full leather care guide', '/articles/care/leather'),
    ],
  },
  {
    path: 'the-commuter-backpack-checklist',
    markets: NZ_ONLY,
    title: 'The commuter backpack checklist',
    description: 'Ferry, bus, bike or the Wellington cable car: what makes a backpack good for the daily commute.',
    author: 'Liam Chen',
    tags: ['work'],
    image: 'blog-commute',
    imageAlt: 'A backpack and briefcase in front of city towers',
    publishedAt: '2026-10-19T20:00:00.000Z',
    body: [
      p('A commuter bag earns its place twice a day, every day. After a year of testing bags on Auckland ferries and Wellington buses, these are the features that matter.'),
      list('A padded, suspended laptop sleeve that keeps the computer off the ground when you put the bag down', 'A quick-access pocket for your AT HOP or Snapper card', 'Water-resistant fabric and zips for the walk from the bus stop', 'A luggage pass-through so it sits on a wheeled case when you travel for work', 'Reflective details if you ride'),
      p('Size matters too: 18 to 22 litres fits a laptop, lunch and a layer without turning you into a turtle on a crowded bus.'),
      link('Shop laptop bags', '/categories/bags/laptop-bags'),
    ],
  },
  {
    path: 'ferry-to-waiheke',
    markets: NZ_ONLY,
    title: 'A Saturday on Waiheke, and the bag that came too',
    description: 'Vineyards, beaches and a market: a day trip from downtown Auckland with one good tote.',
    author: 'Mere Tawhiri',
    tags: ['travel'],
    image: 'blog-ferry',
    imageAlt: 'A tote and crossbody bag on a beach',
    publishedAt: '2026-10-08T21:00:00.000Z',
    body: [
      p('The 40-minute ferry from downtown Auckland to Matiatia is one of the best short trips in the country. We spent a Saturday walking from Oneroa to Palm Beach and back.'),
      p('A day like this needs a bag that handles sand, a bottle of water, a picnic and a jumper for the ferry home. A canvas tote with a zip top and a small crossbody for your phone and cards did the job.'),
      h('Tips for the day'),
      list('Book the ferry back in summer: the late afternoon sailings fill up', 'The island bus takes a HOP card', 'Bring cash for the Ostend market on Saturday mornings'),
    ],
  },
  {
    path: 'ski-trip-packing',
    markets: NZ_ONLY,
    title: 'Packing for a ski week in Queenstown',
    description: 'Boot bags, duffles and what to do with your goggles: our guide to packing for the Remarkables and Coronet Peak.',
    author: 'Sam Whitaker',
    tags: ['travel', 'packing', 'outdoors'],
    image: 'blog-ski',
    imageAlt: 'A red duffle bag and sunglasses case in front of snowy peaks',
    publishedAt: '2026-06-20T22:00:00.000Z',
    body: [
      p('A ski week is the one trip where a duffle beats a suitcase every time. Soft sides squeeze into rental-car boots and the top-loading opening swallows bulky layers.'),
      list('A 90-litre wheeled duffle for clothes and layers', 'A separate boot bag, so wet boots never touch your clothes', 'A hard case for goggles and sunglasses', 'A small backpack for the mountain: water, snacks, a spare layer'),
      p('Check your airline\'s rules on ski and snowboard bags before you fly: most domestic flights carry them as checked luggage for a fee.'),
    ],
  },
  {
    path: 'why-we-use-recycled-nylon',
    markets: BOTH_MARKETS,
    title: 'Why we use recycled nylon',
    description: 'Most of our backpacks and totes are now made with recycled nylon. What that means, and what it does not.',
    author: 'Aroha Bennett',
    tags: ['sustainability', 'behind-the-scenes'],
    image: 'blog-recycled',
    imageAlt: 'A tote and backpack in green bush',
    publishedAt: '2026-09-24T21:00:00.000Z',
    body: [
      p('Two years ago, 20 percent of the nylon in our bags was recycled. This season it is over 70 percent. Recycled nylon is made from post-industrial waste and old fishing nets, melted and re-spun into yarn.'),
      h('What it means'),
      p('Making recycled nylon uses less energy and water than making it from oil, and keeps waste out of landfill and the sea. The fabric is just as strong and water-resistant as the virgin version.'),
      h('What it does not mean'),
      p('A recycled bag is still a nylon bag. The best thing for the planet is a bag that lasts, which is why we repair what we sell and carry lifetime-warranty ranges.'),
      link('Shop bags made with recycled materials', '/categories/bags'),
    ],
  },
  {
    path: 'christmas-gift-guide',
    markets: NZ_ONLY,
    title: 'The Fernleaf Christmas gift guide',
    description: 'Gifts for the traveller, the commuter and the person who has everything, from $29 to $349.',
    author: 'Liam Chen',
    tags: ['gifts'],
    image: 'blog-gifts',
    imageAlt: 'A clutch, keyring and wallet under a night sky',
    publishedAt: '2026-11-08T19:00:00.000Z',
    body: [
      p('Whether you are shopping for Secret Santa or someone special, we have picked our favourite gifts at every price.'),
      h('Under $50'),
      list('Leather keyrings and luggage tags, which can be monogrammed in store', 'Card holders in seasonal colours'),
      h('Under $150'),
      list('RFID-blocking travel wallets', 'Canvas totes for beach and market days'),
      h('Something special'),
      list('Cabin-size spinner cases with a lifetime warranty', 'Full-grain leather weekenders'),
      p('Order by 18 December for delivery before Christmas anywhere in New Zealand, or use click and collect up to Christmas Eve.'),
      link('Read about delivery times', '/articles/shipping'),
    ],
  },
  {
    path: 'back-to-school-bags',
    markets: BOTH_MARKETS,
    title: 'Choosing a school bag that lasts the year',
    description: 'Straps, sizes and what to look for in a backpack for primary, intermediate and high school.',
    author: 'Hana Park',
    tags: ['packing'],
    image: 'blog-school',
    imageAlt: 'A blue backpack and tote in a street',
    publishedAt: '2026-01-18T21:00:00.000Z',
    body: [
      p('A school bag gets more abuse than any other bag in the house. Here is how to pick one that makes it to the end of term four.'),
      list('Fit: the bag should sit between the shoulder blades and the waist, never below', 'Weight: a loaded bag should weigh no more than about 10 percent of the child\'s weight', 'Straps: padded, adjustable, with a chest strap for longer walks', 'Materials: water-resistant fabric and a wipe-clean base'),
      p('Name labels go inside, not outside. And a spare drink bottle pocket saves a lot of wet homework.'),
    ],
  },
  {
    path: 'inside-the-christchurch-workshop',
    markets: BOTH_MARKETS,
    title: 'Inside our Christchurch repair workshop',
    description: 'Every year our small team fixes more than 4,000 bags. We spent a day with them.',
    author: 'Aroha Bennett',
    tags: ['behind-the-scenes', 'care', 'sustainability'],
    image: 'blog-workshop',
    imageAlt: 'A briefcase in a leather workshop',
    publishedAt: '2026-08-30T21:00:00.000Z',
    body: [
      p('In a light-filled room in Addington, four people and two industrial sewing machines keep thousands of bags out of landfill each year.'),
      p('The most common repairs are luggage wheels and telescopic handles, followed by zip sliders and shoulder straps. Most are done in under a week.'),
      h('Repair, not replace'),
      p('Wherever we can we use original parts, which we stock for every luggage range we have sold in the past ten years. When a bag cannot be repaired under warranty we replace it, and its good parts become spares.'),
      link('How to make a warranty claim', '/articles/warranty'),
    ],
  },
  {
    path: 'south-island-road-trip',
    markets: NZ_ONLY,
    title: 'Packing the car for a South Island road trip',
    description: 'Christchurch to Queenstown the long way: soft bags, a cooler and one rule about the boot.',
    author: 'Sam Whitaker',
    tags: ['travel', 'packing'],
    image: 'blog-road-trip',
    imageAlt: 'A duffle and backpack on a beach',
    publishedAt: '2026-02-14T21:00:00.000Z',
    body: [
      p('We drove from Christchurch to Queenstown via Kaikōura, the West Coast and Haast Pass over nine days. The car was small; the packing had to be smart.'),
      list('Soft duffles instead of hard cases: they fit around each other in the boot', 'One "overnight" bag with a change of clothes and toiletries, so you do not unpack everything at every motel', 'A day pack for walks, always within reach', 'Sandfly repellent in the door pocket on the Coast'),
      p('And the rule: the last thing in the boot is the first thing you need.'),
    ],
  },
  {
    path: 'wanaka-weekend',
    markets: NZ_ONLY,
    title: 'A long weekend in Wānaka',
    description: 'Roys Peak at sunrise, lake swims and the best coffee in town: a three-day guide, and what to carry.',
    author: 'Hana Park',
    tags: ['travel', 'outdoors'],
    image: 'blog-wanaka',
    imageAlt: 'A backpack and crossbody bag in front of mountains',
    publishedAt: '2026-03-07T21:00:00.000Z',
    body: [
      p('Wānaka is an hour from Queenstown airport and feels a world away. We spent a long weekend walking, swimming and eating.'),
      h('Day one: Roys Peak'),
      p('Start before dawn with a head torch and a 25-litre day pack: water, a warm layer and breakfast for the top. The track is steep and exposed, so check the weather.'),
      h('Day two: the lake'),
      p('Hire a paddle board or walk the lakefront to Glendhu Bay. A small crossbody keeps keys and phone handy.'),
      h('Day three: Rob Roy Glacier'),
      p('A stunning half-day walk from the end of the Raspberry Creek road. The gravel road crosses fords: check conditions first.'),
    ],
  },
  {
    path: 'packing-cubes-explained',
    markets: BOTH_MARKETS,
    title: 'Packing cubes, explained',
    description: 'Do packing cubes really save space? How to use them, and when a compression cube is worth it.',
    author: 'Mere Tawhiri',
    tags: ['packing', 'travel'],
    image: 'blog-packing-cubes',
    imageAlt: 'A toiletry bag and suitcase',
    publishedAt: '2026-04-11T21:00:00.000Z',
    body: [
      p('Packing cubes do not make your clothes smaller, but they do make your bag tidier, and compression cubes can save about a quarter of the space.'),
      list('Use one cube per category: tops, bottoms, underwear and socks', 'Roll soft items, fold structured ones', 'Keep a small cube for chargers and cables', 'Use a different colour for each traveller when you share a case'),
      p('At the hotel, cubes go straight into drawers, and packing up on the last morning takes five minutes.'),
    ],
  },
  {
    path: 'bags-that-handle-the-rain',
    markets: NZ_ONLY,
    title: 'Bags that handle a West Coast downpour',
    description: 'Water-resistant, waterproof and submersible are not the same thing. Here is the difference.',
    author: 'Liam Chen',
    tags: ['outdoors', 'care'],
    image: 'blog-rain',
    imageAlt: 'A navy backpack and tote in wet bush',
    publishedAt: '2026-05-16T21:00:00.000Z',
    body: [
      p('Rain on the West Coast is measured in metres a year. If you are heading there, it helps to know what the labels on a bag mean.'),
      list('Water-resistant: coated fabric that sheds showers; water gets in through zips and seams in heavy rain', 'Waterproof: taped seams and water-resistant zips; keeps contents dry in sustained rain', 'Submersible: welded seams and a roll-top or airtight zip; survives a dunking'),
      p('For most city and travel use, water-resistant is plenty. For tramping, add a pack liner whatever the label says.'),
    ],
  },
  {
    path: 'the-case-for-a-minimal-wallet',
    markets: BOTH_MARKETS,
    title: 'The case for a minimal wallet',
    description: 'With cards on your phone, do you still need a wallet? Why we think a slim card holder is the answer.',
    author: 'Hana Park',
    tags: ['work', 'gifts'],
    image: 'blog-minimal-wallet',
    imageAlt: 'A card holder and wallet on a workbench',
    publishedAt: '2026-07-12T21:00:00.000Z',
    body: [
      p('Most of us pay with a phone now, but a licence, a transport card and a backup bank card still need a home.'),
      p('A slim card holder holds four to six cards and a folded note, fits a front pocket and does not ruin the line of a jacket. Choose RFID blocking if you carry contactless cards together.'),
      link('Shop card holders', '/categories/accessories/card-holders'),
    ],
  },
  {
    path: 'long-haul-flight-essentials',
    markets: NZ_ONLY,
    title: 'Long-haul flight essentials',
    description: 'Auckland to London is 24 hours in the air. What to keep in your personal item to arrive human.',
    author: 'Mere Tawhiri',
    tags: ['travel', 'packing'],
    image: 'blog-long-haul',
    imageAlt: 'A suitcase and passport holder under a night sky',
    publishedAt: '2025-12-06T21:00:00.000Z',
    body: [
      p('From New Zealand almost every trip is a long one. Your under-seat bag is your survival kit.'),
      list('Passport holder with boarding passes and a pen for arrival cards', 'A change of clothes and toiletries in case your checked bag is delayed', 'Empty drink bottle to fill after security', 'Compression socks, earplugs and an eye mask', 'Chargers in one pouch, so they are easy to find in the dark'),
      p('Keep liquids in a clear bag and at 100 ml or less per container for security checks on the way out.'),
    ],
  },
  {
    path: 'market-day-totes',
    markets: NZ_ONLY,
    title: 'Market day: the tote bag test',
    description: 'We took five totes to the Matakana and Otago Farmers Markets. Here is how they held up.',
    author: 'Liam Chen',
    tags: ['sustainability', 'gifts'],
    image: 'blog-markets',
    imageAlt: 'A tan tote on a beach',
    publishedAt: '2026-03-28T21:00:00.000Z',
    body: [
      p('A good market tote carries a week of vegetables without cutting into your shoulder, stands up on its own and survives a squashed tomato.'),
      list('Wide, flat handles spread the weight', 'A structured base keeps eggs on top and the bag upright', 'Cotton canvas can go in the wash; recycled nylon wipes clean', 'An inside pocket keeps keys from sinking to the bottom'),
      p('Our winner carried 9 kg of produce from Dunedin\'s railway station market to the car without complaint.'),
    ],
  },
  {
    path: 'luggage-repair-or-replace',
    markets: BOTH_MARKETS,
    title: 'Repair or replace? A luggage health check',
    description: 'A wobbly wheel or a sticky handle does not mean a new suitcase. How to tell what can be fixed.',
    author: 'Aroha Bennett',
    tags: ['care', 'sustainability'],
    image: 'blog-repair',
    imageAlt: 'A suitcase and duffle in a workshop',
    publishedAt: '2026-05-02T21:00:00.000Z',
    body: [
      p('Before every trip, give your suitcase a two-minute check. Most problems are cheap to fix if you catch them early.'),
      list('Wheels: spin each one; grinding or wobbling means worn bearings, which we can replace', 'Handle: extend and lock it at every height', 'Zips: run them end to end; a slider that separates the teeth can usually be replaced', 'Shell: small cracks near the wheels spread; get them looked at'),
      p('Bring it into a store and we will tell you whether a repair is worth it, and what it will cost, before we start.'),
      link('Our warranty and repairs', '/articles/warranty'),
    ],
  },
];

/**
 * The Australian site's own journal posts, seeded at start where missing
 * (seed/markets.ts): its counterparts of New Zealand-only posts, in AUD with Australian delivery.
 */
export const SEED_AU_BLOG_POSTS: SeedBlogPost[] = [
  {
    path: 'christmas-gift-guide-australia',
    markets: AU_ONLY,
    title: 'The Fernleaf Christmas gift guide',
    description: 'Gifts for the traveller, the commuter and the person who has everything, from $25 to $320.',
    author: 'Liam Chen',
    tags: ['gifts'],
    image: 'blog-gifts',
    imageAlt: 'A clutch, keyring and wallet under a night sky',
    publishedAt: '2026-11-08T19:00:00.000Z',
    body: [
      p('Whether you are shopping for Kris Kringle or someone special, we have picked our favourite gifts at every price.'),
      h('Under $50'),
      list('Leather keyrings and luggage tags, which can be monogrammed in our Sydney and Melbourne stores', 'Card holders in seasonal colours'),
      h('Under $150'),
      list('RFID-blocking travel wallets', 'Canvas totes for beach and market days'),
      h('Something special'),
      list('Cabin-size spinner cases with a lifetime warranty', 'Full-grain leather weekenders'),
      p('Order by 15 December for standard delivery before Christmas to metro areas anywhere in Australia (express by 19 December), or use click and collect in Sydney, Melbourne, Brisbane and Perth up to Christmas Eve.'),
      link('Read about delivery in Australia', '/articles/shipping-australia'),
    ],
  },
];

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
