/**
 * The HTML part of every email, drawn from its text: one template per message, so the two
 * parts can never say different things. Everything from the text is escaped (names,
 * addresses and contact-form messages are typed by strangers); only whole http(s) links
 * become anchors, so a mail client shows them as links.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const LINK = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

function lineHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

export function emailHtml(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map(lineHtml).join('<br>\n'))
    .filter((p) => p !== '')
    .map((p) => `<p style="margin:0 0 1em">${p}</p>`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}
