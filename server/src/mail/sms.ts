/**
 * What an SMS must look like before any provider takes it: the number in E.164 (+234...),
 * the text in the GSM-7 alphabet and no longer than two segments. A single character
 * outside GSM-7 (a naira sign, a curly quote) makes the whole message UCS-2, which fits 70
 * characters a segment instead of 160: the shop would pay for three texts instead of one.
 */

/** GSM 03.38 default alphabet: one septet each. */
const GSM7_BASIC = new Set(
  Array.from(
    '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
      '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
  ),
);
/** The extension table: an escape septet and one more, so two each. */
const GSM7_EXTENDED = new Set(Array.from('^{}\\[~]|€\f'));

/** Characters shops type (or formatters produce) that GSM-7 lacks, and what to send instead. */
const REPLACEMENTS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '–': '-',
  '—': '-',
  '‒': '-',
  '―': '-',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '…': '...',
  '•': '*',
  '·': '.',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\t': ' ',
  '×': 'x',
};

/** The most GSM-7 septets two concatenated segments carry (2 x 153). */
export const SMS_MAX_SEPTETS = 306;

export function isGsm7(text: string): boolean {
  return Array.from(text).every((c) => GSM7_BASIC.has(c) || GSM7_EXTENDED.has(c));
}

/** Septets the text takes in GSM-7 (extension characters count twice). */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const c of text) n += GSM7_EXTENDED.has(c) ? 2 : 1;
  return n;
}

/** How many SMS segments a GSM-7 text is billed as. */
export function smsSegments(text: string): number {
  const n = gsm7Length(text);
  return n <= 160 ? 1 : Math.ceil(n / 153);
}

function toGsm7Char(c: string): string {
  if (GSM7_BASIC.has(c) || GSM7_EXTENDED.has(c)) return c;
  const replaced = REPLACEMENTS[c];
  if (replaced !== undefined) return replaced;
  // Yoruba and other accented letters (ẹ, ọ, ṣ, á) lose their marks rather than turn the
  // message into UCS-2: "Ṣọ̀la" arrives as "Sola".
  const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
  if (bare !== '' && Array.from(bare).every((b) => GSM7_BASIC.has(b))) return bare;
  return /\p{M}/u.test(c) ? '' : '?';
}

/**
 * The text in GSM-7 and at most two segments: unknown characters become their plain
 * equivalents, and a text still too long is cut at a word with "..." at the end.
 */
export function smsText(text: string): string {
  const plain = Array.from(text.normalize('NFC').replace(/₦\s*/g, 'NGN ')).map(toGsm7Char).join('');
  if (gsm7Length(plain) <= SMS_MAX_SEPTETS) return plain;
  const room = SMS_MAX_SEPTETS - 3;
  let cut = '';
  let used = 0;
  for (const c of plain) {
    const size = GSM7_EXTENDED.has(c) ? 2 : 1;
    if (used + size > room) break;
    cut += c;
    used += size;
  }
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= room - 30 ? atWord : cut).trimEnd()}...`;
}

/**
 * +234XXXXXXXXXX for every way a Nigerian mobile number is written (0803..., 803...,
 * 234803..., +234 803 ...); other international numbers (+44...) as given. null when it is
 * no phone number at all.
 */
export function toE164(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) {
    return compact.startsWith('+2340') ? `+234${compact.slice(5)}` : compact;
  }
  const digits = compact.replace(/^00/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (/^234[789][01]\d{8}$/.test(digits)) return `+${digits}`;
  if (/^2340[789][01]\d{8}$/.test(digits)) return `+234${digits.slice(4)}`;
  if (/^0[789][01]\d{8}$/.test(digits)) return `+234${digits.slice(1)}`;
  if (/^[789][01]\d{8}$/.test(digits)) return `+234${digits}`;
  if (compact.startsWith('00') && /^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  return null;
}
