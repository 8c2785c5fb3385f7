/** The words the seed builds product names and descriptions from. */

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
