/**
 * A catalogue of any size for stories, tests and benchmarks of the shop grid: the fixtures'
 * twelve products varied by pack and market, so a thousand cards do not all look alike.
 * Deterministic: the same count always gives the same products, so a story looks the same on
 * every run and a test can name any product by its position.
 */
import type { Product } from 'contract';
import { fixtureProducts, fixtureVendor } from './fixtures';

/** Pack sizes, with what each costs against the fixture's price. */
const PACKS = [
  { name: 'small', factor: 0.5 },
  { name: 'medium', factor: 1 },
  { name: 'large', factor: 1.8 },
  { name: 'family pack', factor: 2.5 },
  { name: 'bulk bag', factor: 4 },
  { name: 'weekly basket', factor: 1.4 },
  { name: 'half dozen', factor: 3 },
  { name: 'trial size', factor: 0.3 },
  { name: 'wholesale lot', factor: 8 },
] as const;

const MARKETS = [
  'Bodija',
  'Oje',
  'Dugbe',
  'Agbeni',
  'Oja Oba',
  'Mokola',
  'Sango',
  'Ogunpa',
  'Aleshinloye',
  'Iwo Road',
] as const;

/** A small integer hash (deterministic, well spread), so prices and ratings do not repeat with the pattern. */
function hash(n: number, salt: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** To the nearest ₦50, never below ₦50. */
const roundNaira = (n: number) => Math.max(50, Math.round(n / 50) * 50);

function baseName(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*$/, '');
}

function productAt(index: number): Product {
  const products = fixtureProducts.length;
  const base = index % products;
  const fixture = fixtureProducts[base] as Product;
  // Each run of products.length cards shares a market; packs change from card to card. Index
  // to (product, market, pack) is one-to-one until every combination is used; then names go
  // on with a lot number.
  const round = Math.floor(index / products) % (MARKETS.length * PACKS.length);
  const marketIndex = round % MARKETS.length;
  const market = MARKETS[marketIndex] as string;
  const pack = PACKS[
    (base + marketIndex + 2 * Math.floor(round / MARKETS.length)) % PACKS.length
  ] as (typeof PACKS)[number];
  const lot = Math.floor(index / (products * MARKETS.length * PACKS.length));
  const id = index + 1;

  const jitter = 0.8 + (hash(id, 1) % 46) / 100; // 0.80 to 1.25
  const amount = roundNaira(fixture.amount * pack.factor * jitter);
  // A third discounted, a third with no discount (null) and a third with 0, as the fixtures mix them.
  const discountKind = hash(id, 2) % 3;
  const disc_amount =
    discountKind === 0
      ? Math.min(roundNaira(amount * (0.05 + (hash(id, 3) % 21) / 100)), amount - 50)
      : discountKind === 1
        ? null
        : 0;
  // About one in eleven out of stock (11 shares no factor with the 12 products, so every kind runs out).
  const inventory_stock = index % 11 === 5 ? 0 : 1 + (hash(id, 4) % 150);

  return {
    id,
    slug: `${fixture.slug}-${id}`,
    name: `${baseName(fixture.name)} (${pack.name}, ${market})${lot > 0 ? ` lot ${lot + 1}` : ''}`,
    // The fixtures' pictures: the mock backend serves them, in jest and in Storybook, offline.
    images: fixture.images,
    amount,
    disc_amount,
    ratings: hash(id, 5) % 6,
    inventory_stock,
    description: `${fixture.description} Sourced from ${market} market; sold as a ${pack.name}.`,
    category: fixture.category,
    vendor: fixtureVendor,
  };
}

/** `count` valid products with ids 1 to count and unique slugs and names. */
export function manyProducts(count: number): Product[] {
  return Array.from({ length: count }, (_, index) => productAt(index));
}
