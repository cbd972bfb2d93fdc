/**
 * index.html cut once, at the places a page's own parts go, so making a page is joining a
 * dozen strings: the data and script preloads (earlyData.ts), the rendered page and its
 * answers (serverRender.ts), the title, description and link-preview tags (preview.ts).
 * Finding those places takes regular expressions, which are run over the template alone (a
 * kilobyte, once per build), never over a finished page with a rendered shop in it.
 */

/**
 * The places in the template, each filled with the text given for it or, when none is given,
 * with what the template had there (nothing, for the places where something is only added).
 */
type PageSlot =
  /** After the charset (else after <head>, else at the start): data preloads. */
  | 'dataLinks'
  /** Just before </head> (else at the end): script preloads. */
  | 'scriptLinks'
  /** Just before </head>, after the script preloads (else at the very start): preview tags. */
  | 'headEnd'
  /** The empty #root element. */
  | 'root'
  /** The first <title>. */
  | 'title'
  /** Every <title> after the first. */
  | 'extraTitles'
  /** The first <meta name="description">. */
  | 'description'
  /** Every <meta name="description"> after the first. */
  | 'extraDescriptions';

export type PageSlots = Partial<Record<PageSlot, string>>;

export interface PageTemplate {
  /** The template has a <title> (the 'title' slot stands for it). */
  readonly hasTitle: boolean;
  /** The template has a description (the 'description' slot stands for it). */
  readonly hasDescription: boolean;
  fill(slots: PageSlots): string;
}

// Quote-aware, so a '>' inside an attribute value does not end the tag early.
const META_TAG = /<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const DESCRIPTION_NAME = /\sname\s*=\s*(?:"description"|'description'|description(?=[\s/>]))/i;
const TITLE_TAG = /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi;
// index.html as the build writes it (minified: `<div id=root></div>`) or as written.
const ROOT = /<div id=(["']?)root\1\s*><\/div>/;
const HEAD_END = /<\/head>/i;
const CHARSET = /<meta charset[^>]*>/i;
const HEAD_START = /<head[^>]*>/i;

interface Cut {
  start: number;
  end: number;
  slot: PageSlot;
  /** Among cuts at one place: what is added there comes before what replaces from there. */
  order: number;
}

/** Positions of every match of a global pattern. */
function spans(html: string, pattern: RegExp): [number, number][] {
  return [...html.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

export function parsePageTemplate(html: string): PageTemplate {
  const cuts: Cut[] = [];
  const add = (start: number, end: number, slot: PageSlot, order: number) =>
    cuts.push({ start, end, slot, order });

  const headEnd = html.search(HEAD_END);
  const anchor = CHARSET.exec(html) ?? HEAD_START.exec(html);
  if (headEnd === -1) add(0, 0, 'headEnd', 0);
  add(
    anchor ? anchor.index + anchor[0].length : 0,
    anchor ? anchor.index + anchor[0].length : 0,
    'dataLinks',
    1,
  );
  const scriptsAt = headEnd === -1 ? html.length : headEnd;
  add(scriptsAt, scriptsAt, 'scriptLinks', 2);
  if (headEnd !== -1) add(headEnd, headEnd, 'headEnd', 3);

  const root = ROOT.exec(html);
  if (root) add(root.index, root.index + root[0].length, 'root', 4);
  const titles = spans(html, TITLE_TAG);
  titles.forEach(([start, end], i) => add(start, end, i === 0 ? 'title' : 'extraTitles', 4));
  // A description written inside a title goes with that title.
  const descriptions = [...html.matchAll(META_TAG)]
    .filter((m) => DESCRIPTION_NAME.test(m[0]))
    .map((m): [number, number] => [m.index, m.index + m[0].length])
    .filter(([start]) => !titles.some(([s, e]) => start >= s && start < e));
  descriptions.forEach(([start, end], i) =>
    add(start, end, i === 0 ? 'description' : 'extraDescriptions', 4),
  );

  cuts.sort((a, b) => a.start - b.start || a.order - b.order);
  // Static text between the cuts: parts[i] comes before cuts[i], the last part after them all.
  const parts: string[] = [];
  const kept: Cut[] = [];
  let at = 0;
  for (const cut of cuts) {
    // Nothing in a sane page starts inside a tag being replaced; if it does, it goes with it.
    if (cut.start < at) continue;
    parts.push(html.slice(at, cut.start));
    kept.push(cut);
    at = cut.end;
  }
  parts.push(html.slice(at));
  const originals = kept.map((cut) => html.slice(cut.start, cut.end));

  return {
    hasTitle: titles.length > 0,
    hasDescription: descriptions.length > 0,
    fill(slots) {
      let page = parts[0] ?? '';
      for (let i = 0; i < kept.length; i++) {
        page += (slots[(kept[i] as Cut).slot] ?? originals[i]) + (parts[i + 1] ?? '');
      }
      return page;
    },
  };
}

/** Templates already cut, by their text: the build's one, and each test's. */
let lastTemplate: { html: string; template: PageTemplate } | null = null;

/** `html` cut into a template, reusing the last cut while the text is the same. */
export function pageTemplateOf(html: string): PageTemplate {
  if (lastTemplate?.html !== html) lastTemplate = { html, template: parsePageTemplate(html) };
  return lastTemplate.template;
}
