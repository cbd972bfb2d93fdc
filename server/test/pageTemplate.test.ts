/**
 * Pages made by filling the template cut once (server/src/pageTemplate.ts) are, byte for byte,
 * the pages the server made before by rewriting each finished page with regular expressions.
 * The earlier rewriting is kept here as the reference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { earlyDataSlots } from '../src/earlyData';
import { parsePageTemplate, type PageSlots } from '../src/pageTemplate';
import { previewSlots, previewTags, scriptSafeJson, type PagePreview } from '../src/preview';
import { renderedPageSlots } from '../src/serverRender';
import { renderedSessionMark, type SessionValues } from '../../contract/session';

// The reference: the three passes as they ran over every page.
const escapeAttribute = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function referenceEarlyData(html: string, paths: string[], scripts: string[]): string {
  const dataLinks = paths
    .map(
      (p) =>
        `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${escapeAttribute(p)}" />`,
    )
    .join('');
  const scriptLinks = scripts
    .map((p) => `<link rel="preload" as="script" href="${escapeAttribute(p)}" />`)
    .join('');
  let page = html;
  if (scriptLinks !== '') {
    const end = page.search(/<\/head>/i);
    page =
      end === -1
        ? `${page}${scriptLinks}`
        : `${page.slice(0, end)}${scriptLinks}${page.slice(end)}`;
  }
  if (dataLinks !== '') {
    const anchor = /<meta charset[^>]*>/i.exec(page) ?? /<head[^>]*>/i.exec(page);
    const at = anchor ? anchor.index + anchor[0].length : 0;
    page = `${page.slice(0, at)}${dataLinks}${page.slice(at)}`;
  }
  return page;
}

const attributeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function referenceRendered(
  html: string,
  page: { html: string; answers: Record<string, unknown> },
  answered: string[],
  session: SessionValues | null,
): string {
  const root = /<div id=(["']?)root\1\s*><\/div>/.exec(html);
  if (!root) return html;
  const urls = attributeText(answered.join(' '));
  const mark = session ? ` data-session="${attributeText(renderedSessionMark(session))}"` : '';
  const answers = `<script type="application/json" id="server-answers" data-urls="${urls}"${mark}>${scriptSafeJson(page.answers)}</script>`;
  return `${html.slice(0, root.index)}<div id="root">${page.html}</div>${answers}${html.slice(root.index + root[0].length)}`;
}

const META_TAG = /<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const DESCRIPTION_NAME = /\sname\s*=\s*(?:"description"|'description'|description(?=[\s/>]))/i;
const TITLE_TAG = /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi;

function replaceOnce(
  html: string,
  pattern: RegExp,
  tag: string,
  matches: (match: string) => boolean = () => true,
): string | null {
  let found = 0;
  const page = html.replace(pattern, (match) => {
    if (!matches(match)) return match;
    found += 1;
    return found === 1 ? tag : '';
  });
  return found > 0 ? page : null;
}

function referencePreview(html: string, p: PagePreview): string {
  const title = `<title>${escapeAttribute(p.pageTitle)}</title>`;
  const description = `<meta name="description" content="${escapeAttribute(p.description)}" />`;
  const added: string[] = [];
  let page = replaceOnce(html, TITLE_TAG, title);
  if (page === null) {
    page = html;
    added.push(title);
  }
  const described = replaceOnce(page, META_TAG, description, (tag) => DESCRIPTION_NAME.test(tag));
  if (described === null) added.push(description);
  else page = described;
  added.push(previewTags(p));
  if (p.structuredData) {
    added.push(`<script type="application/ld+json">${scriptSafeJson(p.structuredData)}</script>`);
  }
  const tags = added.join('\n');
  const head = page.search(/<\/head>/i);
  return head === -1 ? `${tags}\n${page}` : `${page.slice(0, head)}${tags}\n${page.slice(head)}`;
}

// Representative inputs.
const BUILT = `<!doctype html><html lang=en-NG><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><meta name=theme-color content=#0B6B3A><meta name=description content="Groceries and general goods delivered in Ibadan: staples, provisions, drinks and household goods, priced in naira."><link rel=icon href=/favicon.svg type=image/svg+xml><link rel=manifest href=/manifest.webmanifest><title>Ibadan Market</title><script defer src=/assets/main.4d3d9e895e.js></script><link rel=preload as=script href=/assets/1137.eddeb2ea25.js></head><body><noscript>Ibadan Market needs JavaScript.</noscript><div id=root></div></body></html>`;
const SOURCE = fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8');
const TEMPLATES: Record<string, string> = {
  'the built index.html': BUILT,
  'public/index.html': SOURCE,
  'upper-case tags, quoted root': BUILT.replace('</head>', '</HEAD>')
    .replace('<meta charset=utf-8>', '<META CHARSET="utf-8">')
    .replace('<div id=root></div>', '<div id="root" ></div>'),
  'two titles and two descriptions, one with a > in it': BUILT.replace(
    '<title>',
    `<meta content='a > b' name='description'><title data-x="1">Old</title><title>`,
  ),
  'a description inside a title': BUILT.replace(
    '<title>Ibadan Market',
    '<title>Ibadan <meta name=description content=x> Market',
  ),
  'no charset: the head opens the data': BUILT.replace('<meta charset=utf-8>', ''),
  'no head at all': '<p>Hello</p><div id=root></div>',
  'an empty head': '<html><head></head><body><div id=root></div></body></html>',
  'no root': BUILT.replace('<div id=root></div>', '<main></main>'),
  'title right after the charset': BUILT.replace(
    '<meta charset=utf-8>',
    '<meta charset=utf-8><title>First</title>',
  ),
};

/** A shop page as the storefront renders it: a grid of product cards, icons with their titles. */
function shopPage(products: number) {
  const cards = Array.from(
    { length: products },
    (_, i) =>
      `<div class="MuiCard-root css-${i}"><a href="/detail/product-details?slug=item-${i}"><img alt="Item ${i} &amp; more" src="/api/product-image/item-${i}"/></a><h3 class="MuiTypography-root">Item ${i}</h3><p>₦${(i + 1) * 1250}.00</p><button aria-label="Add to cart"><svg viewBox="0 0 24 24"><path d="M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22"></path></svg></button></div>`,
  ).join('');
  return {
    html: `<header><nav><a href="/shop">Shop</a></nav></header><main>${cards}</main><footer>© Ibadan Market</footer>`,
    answers: {
      productApi: {
        queries: {
          listing: Array.from({ length: products }, (_, i) => ({
            id: i,
            name: `Item ${i} </script><!-- "quoted"`,
            description: 'Fresh\u2028from the farm & market',
          })),
        },
      },
    },
  };
}

const SHOP_PREVIEW: PagePreview = {
  type: 'website',
  title: 'Ibadan Market',
  description: 'Groceries & general goods',
  image: 'https://shop.example.ng/icons/icon-512.png',
  url: 'https://shop.example.ng/shop',
  canonical: 'https://shop.example.ng/shop',
  card: 'summary',
  pageTitle: 'Shop – Ibadan Market',
  structuredData: null,
};
const PRODUCT_PREVIEW: PagePreview = {
  type: 'product',
  title: 'Gari "Ijebu" <2kg> – Ibadan Market',
  description: "₦2,500.00. Gari's best </script>",
  image: 'https://shop.example.ng/images/gari.jpg',
  url: 'https://shop.example.ng/detail/product-details?slug=gari',
  canonical: 'https://shop.example.ng/detail/product-details?slug=gari&"x"',
  card: 'summary_large_image',
  pageTitle: 'Gari "Ijebu" <2kg> – Ibadan Market',
  structuredData: {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Gari </script>',
    image: ['https://shop.example.ng/api/product-image/gari'],
    sku: 'gari',
    productID: '7',
    category: 'Staples',
    offers: {
      '@type': 'Offer',
      url: 'https://shop.example.ng/detail/product-details?slug=gari',
      price: '2500.00',
      priceCurrency: 'NGN',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: 'Mama Put & Sons' },
    },
  },
};
const SESSION: SessionValues = {
  authToken: 'secret',
  userID: '12',
  userName: 'Ada & "Bisi"',
  productID: null,
  productSlug: null,
  orderId: null,
};

interface Case {
  paths: string[];
  scripts: string[];
  rendered: ReturnType<typeof shopPage> | null;
  session: SessionValues | null;
  preview: PagePreview;
}

const CASES: Record<string, Case> = {
  'a guest /shop, rendered': {
    paths: [],
    scripts: ['/assets/shop.e58e6c9828.js'],
    rendered: shopPage(24),
    session: null,
    preview: SHOP_PREVIEW,
  },
  'a guest /shop left to the browser, its data preloaded': {
    paths: ['/api/get-all-products?limit=24&offset=0', '/api/categories?a=1&b="2"'],
    scripts: ['/assets/shop.e58e6c9828.js', '/assets/x&y.js'],
    rendered: null,
    session: null,
    preview: SHOP_PREVIEW,
  },
  "a product's page, rendered with its data": {
    paths: [],
    scripts: ['/assets/detail-layout.1.js', '/assets/product-detail.2.js'],
    rendered: shopPage(1),
    session: null,
    preview: PRODUCT_PREVIEW,
  },
  "a signed-in shopper's cart": {
    paths: [],
    scripts: ['/assets/cart.3.js'],
    rendered: shopPage(3),
    session: SESSION,
    preview: SHOP_PREVIEW,
  },
  'a page with nothing to preload': {
    paths: [],
    scripts: [],
    rendered: null,
    session: null,
    preview: PRODUCT_PREVIEW,
  },
};

function referencePage(html: string, c: Case): string {
  const early = ['/api/get-all-products?limit=24&offset=0'];
  let page = referenceEarlyData(html, c.paths, c.scripts);
  if (c.rendered) page = referenceRendered(page, c.rendered, early, c.session);
  return referencePreview(page, c.preview);
}

function filledPage(html: string, c: Case): string {
  const early = ['/api/get-all-products?limit=24&offset=0'];
  const template = parsePageTemplate(html);
  const slots: PageSlots = {
    ...earlyDataSlots(c.paths, c.scripts),
    ...(c.rendered ? renderedPageSlots(c.rendered, early, c.session) : {}),
    ...previewSlots(template, c.preview),
  };
  return template.fill(slots);
}

describe('a page filled into the template', () => {
  for (const [templateName, html] of Object.entries(TEMPLATES)) {
    test(`is the page the regular expressions made, from ${templateName}`, () => {
      for (const [caseName, c] of Object.entries(CASES)) {
        expect({ caseName, page: filledPage(html, c) }).toEqual({
          caseName,
          page: referencePage(html, c),
        });
      }
    });
  }

  test('a slot left unfilled keeps what the template had there', () => {
    for (const html of Object.values(TEMPLATES)) {
      expect(parsePageTemplate(html).fill({})).toBe(html);
    }
  });

  test("the rendered page's own markup is never rewritten", () => {
    const page = {
      html: '<main><svg><title>Cart</title></svg><meta name="description" content="in the page"></main>',
      answers: {},
    };
    const template = parsePageTemplate(BUILT);
    const filled = template.fill({
      ...renderedPageSlots(page),
      ...previewSlots(template, SHOP_PREVIEW),
    });
    expect(filled).toContain(page.html);
    expect(filled.match(/<title>/g)).toHaveLength(2);
  });
});
