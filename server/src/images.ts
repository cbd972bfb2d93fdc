/**
 * Product pictures drawn by the server: a coloured tile with a simple shape for the
 * category and the product's name, so the shop works offline with no outside links.
 */

interface Style {
  background: string;
  accent: string;
  shape: string;
}

const SHAPES = {
  sack: '<path d="M130 120 q70 -30 140 0 l20 150 q-90 40 -180 0 z" />',
  tin: '<rect x="140" y="110" width="120" height="160" rx="18" /><ellipse cx="200" cy="110" rx="60" ry="14" opacity="0.7" />',
  bottle:
    '<path d="M185 80 h30 v40 q30 20 30 60 v100 q0 14 -14 14 h-62 q-14 0 -14 -14 v-100 q0 -40 30 -60 z" />',
  tube: '<rect x="150" y="100" width="100" height="170" rx="50" /><rect x="180" y="80" width="40" height="30" rx="6" opacity="0.7" />',
  box: '<path d="M120 140 l80 -40 l80 40 v110 l-80 40 l-80 -40 z" /><path d="M120 140 l80 40 l80 -40 M200 180 v110" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6" />',
  leaf: '<path d="M200 90 q90 60 0 190 q-90 -130 0 -190 z" />',
} as const;

const STYLES: Record<string, Style> = {
  Staples: { background: '#FFF4E0', accent: '#C77D1A', shape: SHAPES.sack },
  Provisions: { background: '#E8F1FF', accent: '#2D5DA8', shape: SHAPES.tin },
  Drinks: { background: '#FFE8EC', accent: '#B3263E', shape: SHAPES.bottle },
  Toiletries: { background: '#EAF8F3', accent: '#1C8067', shape: SHAPES.tube },
  Household: { background: '#F1ECFA', accent: '#6A4BA3', shape: SHAPES.box },
  'Fresh Food': { background: '#EEF7E6', accent: '#3C7A1E', shape: SHAPES.leaf },
};
const FALLBACK: Style = { background: '#F2F2F2', accent: '#0B6B3A', shape: SHAPES.box };

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Up to three lines of about 20 characters, cut at spaces. */
function wrap(name: string, width = 20, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

export function productSvg(name: string, category: string): string {
  const style = STYLES[category] ?? FALLBACK;
  const lines = wrap(name);
  const text = lines
    .map(
      (line, i) =>
        `<text x="200" y="${330 + i * 26}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 420" width="400" height="420"',
    ` role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="400" height="420" rx="24" fill="${style.background}" />`,
    `<g fill="${style.accent}">${style.shape}</g>`,
    `<g font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" fill="#1F2933">${text}</g>`,
    `<text x="200" y="50" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="16" fill="${style.accent}">${escapeXml(category.toUpperCase())}</text>`,
    '</svg>',
  ].join('');
}
