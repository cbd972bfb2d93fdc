/**
 * The mock backend's back-office catalogue: products, stock and categories as the owner and
 * staff edit them, answering as the reference server does (server/src/backOffice/catalogue.ts):
 * 409 naming who saved a product when a save starts from an older version, 403 "Only the
 * shop owner can do this" when staff touch anything but stock, 403 for a shopper.
 *
 * Who is the owner and who is staff is the staff accounts mock's (staffAccountsHandlers.ts).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type {
  StaffCategory,
  StaffProduct,
  StockChange,
  StockChangeRequest,
  UpdateProductRequest,
} from 'contract';
import { CATALOGUE_MESSAGES } from 'contract/catalogueRules';
import { detail, invalid, issue, onMockDbReset, url } from '../mockDb';
import { fixtureOwner, shopRoleOf } from './staffAccountsHandlers';

// The shop's members are the staff accounts mock's: its owner, its token and session.
export { ownerSession } from './staffAccountsHandlers';
const OWNER_NAME = `${fixtureOwner.first_name} Ogunleye`;

const AT = '2026-11-28T10:00:00.000Z';

export function fixtureAdminProduct(overrides: Partial<StaffProduct> = {}): StaffProduct {
  return {
    id: 1,
    slug: 'ofada-rice-1-paint-bucket',
    name: 'Ofada Rice (1 paint bucket)',
    description: 'Locally grown unpolished Ofada rice, stone-free.',
    category: 'Staples',
    price: 9500,
    discount: 500,
    stock: 12,
    held: 2,
    unit: '1 paint bucket',
    vat_class: 'exempt',
    low_stock_level: 5,
    archived_at: null,
    row_version: 3,
    updated_at: AT,
    updated_by: 'Bisi Owner',
    image: '/api/images/products/ofada-rice-1-paint-bucket.svg',
    has_orders: true,
    ...overrides,
  };
}

function freshProducts(): StaffProduct[] {
  return [
    fixtureAdminProduct(),
    fixtureAdminProduct({
      id: 2,
      slug: 'palm-oil-5-litres',
      name: 'Palm Oil 5 Litres',
      price: 11000,
      discount: null,
      stock: 3,
      held: 0,
      unit: '5 Litres',
      low_stock_level: 4,
      has_orders: false,
    }),
    fixtureAdminProduct({
      id: 3,
      slug: 'hypo-bleach-1-litre',
      name: 'Hypo Bleach 1 Litre',
      category: 'Household',
      price: 1200,
      discount: null,
      stock: 40,
      held: 0,
      unit: '1 Litre',
      vat_class: 'standard',
      low_stock_level: null,
      has_orders: false,
    }),
  ];
}

function freshCategories(): StaffCategory[] {
  return ['Staples', 'Fresh Food', 'Provisions', 'Drinks', 'Toiletries', 'Household'].map(
    (name, i) => ({
      id: i + 1,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      position: i + 1,
      image_id: null,
      products: 0,
    }),
  );
}

interface CatalogueState {
  products: StaffProduct[];
  categories: StaffCategory[];
  history: Map<number, StockChange[]>;
  nextId: number;
}

export const catalogueMockDb: CatalogueState = {
  products: [],
  categories: [],
  history: new Map(),
  nextId: 100,
};

/** Back to the fixtures (the mock database's reset calls it too). */
export function resetCatalogueMockDb(): void {
  catalogueMockDb.products = freshProducts();
  catalogueMockDb.categories = freshCategories();
  catalogueMockDb.history = new Map([
    [
      1,
      [
        {
          id: 1,
          delta: 20,
          stock_after: 14,
          reason: 'received',
          note: 'From Bodija market',
          by: 'Bisi Owner',
          at: AT,
        },
      ],
    ],
  ]);
  catalogueMockDb.nextId = 100;
}
resetCatalogueMockDb();
onMockDbReset(resetCatalogueMockDb);

/** Who is a member of the shop is the staff accounts mock's to say. */
export { treatAsShopMember } from './staffAccountsHandlers';

/**
 * Someone else saved product `id` since the editor opened it: its version moves on, so the
 * editor's next save is refused as the server refuses it.
 */
export function someoneElseSaved(id: number, by = 'Kemi Adeyemi'): void {
  const p = catalogueMockDb.products.find((x) => x.id === id);
  if (!p) return;
  p.row_version += 1;
  p.updated_by = by;
}

export const staleDetail = (by: string) =>
  `${by} changed this product at 11:07 on 28 November, after you opened it. Nothing was saved: reload to see their change, then make yours again.`;

const roleOf = shopRoleOf;

const ownerOnly = () => detail(CATALOGUE_MESSAGES.ownerOnly, 403);

function findProduct(id: string | readonly string[] | undefined) {
  return catalogueMockDb.products.find((p) => String(p.id) === String(id));
}

function withCounts(c: StaffCategory): StaffCategory {
  return { ...c, products: catalogueMockDb.products.filter((p) => p.category === c.name).length };
}

function listedCategory(name: string): string | null {
  return (
    catalogueMockDb.categories.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())
      ?.name ?? null
  );
}

export const catalogueHandlers: RequestHandler[] = [
  http.get(url('/staff/products', 'staff'), ({ request }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const category = params.get('category');
    const archived = params.get('archived') === 'true';
    const limit = Number(params.get('limit') ?? 20);
    const offset = Number(params.get('offset') ?? 0);
    const found = catalogueMockDb.products
      .filter((p) => (p.archived_at !== null) === archived)
      .filter((p) => q === '' || p.name.toLowerCase().includes(q))
      .filter((p) => !category || p.category === category)
      .sort((a, b) => a.name.localeCompare(b.name));
    return HttpResponse.json({
      products: found.slice(offset, offset + limit),
      total: found.length,
    });
  }),
  http.get(url('/staff/products/:id', 'staff'), ({ request, params }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    const p = findProduct(params.id);
    return p ? HttpResponse.json(p) : detail(CATALOGUE_MESSAGES.productNotFound, 404);
  }),
  http.post(url('/staff/products', 'staff'), async ({ request }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    if (role !== 'owner') return ownerOnly();
    const body = (await request.json()) as Record<string, unknown>;
    const name = String(body.name ?? '').trim();
    const category = listedCategory(String(body.category ?? ''));
    if (!category) {
      return invalid([
        issue('category', `There is no category called “${String(body.category)}”.`),
      ]);
    }
    if (typeof body.price !== 'number' || body.price <= 0) {
      return invalid([issue('price', CATALOGUE_MESSAGES.price)]);
    }
    const dup = catalogueMockDb.products.find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (dup) {
      return detail(
        `A product called “${dup.name}” is already in the catalogue. Give this one another name.`,
        409,
      );
    }
    const id = (catalogueMockDb.nextId += 1);
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const made = fixtureAdminProduct({
      id,
      slug,
      name,
      description: String(body.description ?? ''),
      category,
      price: body.price,
      discount: (body.discount as number | null | undefined) ?? null,
      stock: Number(body.stock ?? 0),
      held: 0,
      unit: String(body.unit ?? ''),
      vat_class: body.vat_class === 'standard' ? 'standard' : 'exempt',
      low_stock_level: (body.low_stock_level as number | null | undefined) ?? null,
      row_version: 1,
      has_orders: false,
      image: `/api/images/products/${slug}.svg`,
    });
    catalogueMockDb.products.push(made);
    return HttpResponse.json(made, { status: 201 });
  }),
  http.patch(url('/staff/products/:id', 'staff'), async ({ request, params }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    const body = (await request.json()) as UpdateProductRequest;
    const asked = Object.keys(body).filter((k) => k !== 'row_version');
    if (role !== 'owner' && asked.some((k) => k !== 'stock')) return ownerOnly();
    const p = findProduct(params.id);
    if (!p) return detail(CATALOGUE_MESSAGES.productNotFound, 404);
    if (body.row_version !== p.row_version)
      return detail(staleDetail(p.updated_by ?? 'Someone'), 409);
    if (body.name !== undefined) {
      const dup = catalogueMockDb.products.find(
        (o) => o.id !== p.id && o.name.toLowerCase() === body.name?.trim().toLowerCase(),
      );
      if (dup) {
        return detail(
          `A product called “${dup.name}” is already in the catalogue. Give this one another name.`,
          409,
        );
      }
    }
    const { row_version: _version, archived, ...fields } = body;
    Object.assign(p, fields);
    if (archived !== undefined) p.archived_at = archived ? AT : null;
    p.row_version += 1;
    p.updated_by = role === 'owner' ? OWNER_NAME : 'Funmi Adeyemi';
    return HttpResponse.json(p);
  }),
  http.post(url('/staff/products/:id/stock', 'staff'), async ({ request, params }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    const p = findProduct(params.id);
    if (!p) return detail(CATALOGUE_MESSAGES.productNotFound, 404);
    const body = (await request.json()) as StockChangeRequest;
    let after: number;
    if (body.counted !== undefined) {
      if (body.counted < p.held) {
        return detail(
          `You counted ${body.counted}, but ${p.held} are held for open orders and payments of ${p.name}. Count again, counting the units set aside for orders too.`,
          409,
        );
      }
      after = body.counted - p.held;
    } else {
      after = p.stock + (body.delta ?? 0);
      if (after < 0) {
        return detail(
          `Only ${p.stock} of ${p.name} are on sale: you cannot take out ${-(body.delta ?? 0)}.`,
          409,
        );
      }
    }
    const change: StockChange = {
      id: (catalogueMockDb.nextId += 1),
      delta: after - p.stock,
      stock_after: after,
      reason: body.reason,
      note: body.note ?? '',
      by: role === 'owner' ? OWNER_NAME : 'Funmi Adeyemi',
      at: AT,
    };
    p.stock = after;
    catalogueMockDb.history.set(p.id, [change, ...(catalogueMockDb.history.get(p.id) ?? [])]);
    return HttpResponse.json({ product: p, change });
  }),
  http.get(url('/staff/products/:id/stock', 'staff'), ({ request, params }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    const p = findProduct(params.id);
    if (!p) return detail(CATALOGUE_MESSAGES.productNotFound, 404);
    return HttpResponse.json({
      product_id: p.id,
      changes: catalogueMockDb.history.get(p.id) ?? [],
    });
  }),
  http.get(url('/staff/stock/low', 'staff'), ({ request }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    return HttpResponse.json({
      products: catalogueMockDb.products
        .filter(
          (p) =>
            p.archived_at === null && p.low_stock_level !== null && p.stock <= p.low_stock_level,
        )
        .sort((a, b) => a.stock - b.stock),
    });
  }),
  http.get(url('/staff/categories', 'staff'), ({ request }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    return HttpResponse.json({
      categories: [...catalogueMockDb.categories]
        .sort((a, b) => a.position - b.position)
        .map(withCounts),
    });
  }),
  http.post(url('/staff/categories', 'staff'), async ({ request }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    if (role !== 'owner') return ownerOnly();
    const { name } = (await request.json()) as { name: string };
    const taken = listedCategory(name);
    if (taken) return detail(`There is already a category called “${taken}”.`, 409);
    const made: StaffCategory = {
      id: (catalogueMockDb.nextId += 1),
      name: name.trim(),
      slug: name
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-'),
      position: catalogueMockDb.categories.length + 1,
      image_id: null,
      products: 0,
    };
    catalogueMockDb.categories.push(made);
    return HttpResponse.json(made, { status: 201 });
  }),
  http.patch(url('/staff/categories/:id', 'staff'), async ({ request, params }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    if (role !== 'owner') return ownerOnly();
    const c = catalogueMockDb.categories.find((x) => String(x.id) === String(params.id));
    if (!c) return detail(CATALOGUE_MESSAGES.categoryNotFound, 404);
    const body = (await request.json()) as { name?: string; position?: number };
    if (body.name !== undefined && body.name.trim() !== c.name) {
      const name = body.name.trim();
      const taken = catalogueMockDb.categories.find(
        (x) => x.id !== c.id && x.name.toLowerCase() === name.toLowerCase(),
      );
      if (taken) return detail(`There is already a category called “${taken.name}”.`, 409);
      for (const p of catalogueMockDb.products) if (p.category === c.name) p.category = name;
      c.name = name;
    }
    if (body.position !== undefined) {
      const order = [...catalogueMockDb.categories]
        .sort((a, b) => a.position - b.position)
        .filter((x) => x.id !== c.id);
      order.splice(body.position - 1, 0, c);
      order.forEach((x, i) => (x.position = i + 1));
    }
    return HttpResponse.json(withCounts(c));
  }),
  http.delete(url('/staff/categories/:id', 'staff'), ({ request, params }) => {
    const role = roleOf(request);
    if (role instanceof Response) return role;
    if (role !== 'owner') return ownerOnly();
    const c = catalogueMockDb.categories.find((x) => String(x.id) === String(params.id));
    if (!c) return detail(CATALOGUE_MESSAGES.categoryNotFound, 404);
    const n = withCounts(c).products;
    if (n > 0) {
      return detail(
        `${n} ${n === 1 ? 'product is' : 'products are'} filed under “${c.name}” (archived ones count too). Move them to another category first.`,
        409,
      );
    }
    catalogueMockDb.categories = catalogueMockDb.categories.filter((x) => x.id !== c.id);
    return HttpResponse.json({ deleted: true });
  }),
];
