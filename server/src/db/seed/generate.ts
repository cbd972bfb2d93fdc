/**
 * A large, plausible catalogue for scale tests: products made from brands, goods and pack
 * sizes, numbered so every name and slug is unique. Inserted in batches.
 */
import type { Database } from '../client';
import { countProducts } from '../products';
import { num } from '../rows';
import { slugify } from './catalogue';
import { BATCH_SIZE, ensureDemoVendor, insertProductBatch, type SeedProduct } from './demo';

interface Template {
  good: string;
  category: string;
  brands: readonly string[];
  sizes: readonly { label: string; price: number }[];
}

const TEMPLATES: readonly Template[] = [
  {
    good: 'Rice',
    category: 'Staples',
    brands: ['Mama Gold', 'Royal Stallion', 'Caprice', 'Mama Africa', 'Ofada'],
    sizes: [
      { label: '5kg', price: 9500 },
      { label: '10kg', price: 18500 },
      { label: '25kg', price: 41000 },
      { label: '50kg', price: 80000 },
    ],
  },
  {
    good: 'Garri',
    category: 'Staples',
    brands: ['Ijebu', 'Yellow', 'Ghana-Must-Go', 'Oyo'],
    sizes: [
      { label: '1 derica', price: 1300 },
      { label: '1 paint bucket', price: 4800 },
      { label: '10kg bag', price: 11000 },
    ],
  },
  {
    good: 'Beans',
    category: 'Staples',
    brands: ['Oloyin', 'Drum', 'Olotu', 'Sokoto White'],
    sizes: [
      { label: '1 derica', price: 2400 },
      { label: '1 paint bucket', price: 8500 },
    ],
  },
  {
    good: 'Yam Flour',
    category: 'Staples',
    brands: ['Elubo Oyo', 'Elubo Ogbomoso', 'Amala Express'],
    sizes: [
      { label: '1kg', price: 3800 },
      { label: '2kg', price: 7300 },
      { label: '5kg', price: 17500 },
    ],
  },
  {
    good: 'Palm Oil',
    category: 'Staples',
    brands: ['Ogbomoso', 'Ijebu', 'Red Gold'],
    sizes: [
      { label: '1 litre', price: 3200 },
      { label: '5 litres', price: 15000 },
      { label: '25 litres', price: 68000 },
    ],
  },
  {
    good: 'Groundnut Oil',
    category: 'Staples',
    brands: ['Kano Pure', 'Golden Drop', 'Nutty'],
    sizes: [
      { label: '1 litre', price: 4300 },
      { label: '5 litres', price: 20000 },
    ],
  },
  {
    good: 'Spaghetti',
    category: 'Staples',
    brands: ['Golden Penny', 'Dangote', 'Crown', 'Honeywell'],
    sizes: [
      { label: '500g', price: 1250 },
      { label: 'carton of 20', price: 24000 },
    ],
  },
  {
    good: 'Instant Noodles',
    category: 'Provisions',
    brands: ['Indomie', 'Mimee', 'Chikki', 'Tummy Tummy'],
    sizes: [
      { label: '70g', price: 320 },
      { label: 'carton of 40', price: 11000 },
    ],
  },
  {
    good: 'Evaporated Milk',
    category: 'Provisions',
    brands: ['Peak', 'Three Crowns', 'Dano'],
    sizes: [
      { label: '160g tin', price: 900 },
      { label: 'pack of 12', price: 10500 },
    ],
  },
  {
    good: 'Chocolate Drink',
    category: 'Provisions',
    brands: ['Milo', 'Bournvita', 'Ovaltine'],
    sizes: [
      { label: '400g refill', price: 4600 },
      { label: '900g tin', price: 9800 },
    ],
  },
  {
    good: 'Seasoning Cubes',
    category: 'Provisions',
    brands: ['Maggi', 'Knorr', 'Onga', 'Mr Chef'],
    sizes: [
      { label: 'pack of 50', price: 1100 },
      { label: 'pack of 100', price: 2100 },
    ],
  },
  {
    good: 'Sugar',
    category: 'Provisions',
    brands: ['Dangote', 'Golden Penny', 'St. Louis'],
    sizes: [
      { label: '500g', price: 1000 },
      { label: '1kg', price: 1900 },
    ],
  },
  {
    good: 'Soft Drink',
    category: 'Drinks',
    brands: ['Coca-Cola', 'Fanta', 'Sprite', 'Pepsi', 'Bigi'],
    sizes: [
      { label: '50cl', price: 550 },
      { label: 'pack of 12', price: 6600 },
    ],
  },
  {
    good: 'Malt Drink',
    category: 'Drinks',
    brands: ['Malta Guinness', 'Maltina', 'Amstel Malta'],
    sizes: [
      { label: '33cl can', price: 750 },
      { label: 'pack of 24', price: 17500 },
    ],
  },
  {
    good: 'Table Water',
    category: 'Drinks',
    brands: ['Eva', 'Nestlé Pure Life', 'Aquafina', 'Cway'],
    sizes: [
      { label: '75cl', price: 320 },
      { label: 'pack of 12', price: 3600 },
    ],
  },
  {
    good: 'Bathing Soap',
    category: 'Toiletries',
    brands: ['Dettol', 'Premier Cool', 'Joy', 'Lux', 'Dudu-Osun'],
    sizes: [
      { label: '150g', price: 900 },
      { label: 'pack of 6', price: 5000 },
    ],
  },
  {
    good: 'Toothpaste',
    category: 'Toiletries',
    brands: ['Pepsodent', 'Close-Up', 'Macleans', 'Oral-B'],
    sizes: [
      { label: '70g', price: 800 },
      { label: '140g', price: 1400 },
    ],
  },
  {
    good: 'Detergent',
    category: 'Household',
    brands: ['Ariel', 'Omo', 'Viva', 'So Klin', 'Waw'],
    sizes: [
      { label: '500g', price: 1700 },
      { label: '900g', price: 3300 },
      { label: '2kg', price: 7000 },
    ],
  },
  {
    good: 'Dishwashing Liquid',
    category: 'Household',
    brands: ['Morning Fresh', 'Mama Lemon', 'Sunlight'],
    sizes: [
      { label: '450ml', price: 1900 },
      { label: '900ml', price: 3500 },
    ],
  },
  {
    good: 'Insecticide',
    category: 'Household',
    brands: ['Mortein', 'Raid', 'Baygon', 'Sniper'],
    sizes: [
      { label: '300ml', price: 2200 },
      { label: '600ml', price: 3700 },
    ],
  },
];

/** A stable pseudo-random number in [0, 1) for product number n. */
function noise(n: number, salt: number): number {
  const x = Math.sin(n * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

export function generatedProduct(n: number): SeedProduct {
  const template = TEMPLATES[n % TEMPLATES.length] as Template;
  const brand = template.brands[
    Math.floor(n / TEMPLATES.length) % template.brands.length
  ] as string;
  const size = template.sizes[n % template.sizes.length] as { label: string; price: number };
  const name = `${brand} ${template.good} ${size.label} (lot ${n})`;
  // Prices within ±15% of the market price, rounded to ₦10.
  const naira = Math.max(50, Math.round((size.price * (0.85 + 0.3 * noise(n, 1))) / 10) * 10);
  const discounted = n % 6 === 0;
  return {
    slug: slugify(name),
    name,
    description: `${brand} ${template.good.toLowerCase()}, ${size.label}. Lot ${n} from our Bodija warehouse.`,
    category: template.category,
    amountKobo: naira * 100,
    discAmountKobo: discounted ? Math.max(1, Math.round(naira * 0.05)) * 100 : null,
    ratings: 1 + Math.floor(noise(n, 2) * 5),
    inventoryStock: n % 25 === 0 ? 0 : Math.floor(noise(n, 3) * 300),
  };
}

/**
 * Adds generated products until the catalogue holds `target` products (a catalogue that is
 * already that large is left alone). Returns how many were added.
 */
export async function growCatalogue(
  db: Database,
  target: number,
  onBatch?: (done: number, total: number) => void,
): Promise<number> {
  const existing = await countProducts(db);
  const missing = Math.max(0, target - existing);
  if (missing === 0) return 0;
  const vendorId = await db.transaction((tx) => ensureDemoVendor(tx));
  const maxRows = await db.query<{ n: unknown }>('SELECT COALESCE(max(id), 0) AS n FROM products');
  // Numbered after the highest id, so names stay unique however often this runs.
  const first = num(maxRows[0]?.n) + 1;
  for (let done = 0; done < missing; done += BATCH_SIZE) {
    const count = Math.min(BATCH_SIZE, missing - done);
    const batch = Array.from({ length: count }, (_, i) => generatedProduct(first + done + i));
    await insertProductBatch(db, vendorId, batch);
    onBatch?.(done + count, missing);
  }
  // Fresh statistics choose the right index for a filter or sort (a category holding a third
  // of the catalogue is not read through its index), and a vacuumed table lets counts read
  // an index alone. The embedded database has no autovacuum to do either later.
  await db.exec('VACUUM ANALYZE products');
  return missing;
}
