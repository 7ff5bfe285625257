// Natural values for inputs with a fixed value format (date, time, datetime-local,
// month, week, color). A page script can only set such an input to its canonical
// format ("2026-11-22"); anything else is sanitized to "" by the browser. So type()
// reads what a person would type — "Nov 22, 2026", "22.11.2026", "3:30 pm",
// "November 2026", "red" — and sets the canonical value. Ambiguous input
// ("03/04/2026": March 4 or April 3?) is refused, never guessed.
import { INPUT_FORMATS } from '../dom/input-formats';
import { cut } from './result';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function pad(n: number, width = 2): string {
  let s = String(n);
  while (s.length < width) s = '0' + s;
  return s;
}

function monthIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return -1;
  for (let i = 0; i < 12; i++) if (w.indexOf(MONTHS[i]) === 0 || (i === 8 && w === 'sept')) return i;
  return -1;
}

function validDate(y: number, m: number, d: number): boolean {
  if (!(y >= 1 && y <= 275760 && m >= 1 && m <= 12 && d >= 1)) return false;
  const days = new Date(Date.UTC(2000, 0, 1));
  days.setUTCFullYear(y, m, 0);
  return d <= days.getUTCDate();
}

function isoDate(y: number, m: number, d: number): string | null {
  return validDate(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length <= 2 ? 2000 + n : n;
}

export type Parsed = { value: string } | { error: string };

/** A calendar date from common spellings; null when not a date, error when ambiguous. */
export function parseDate(text: string, today: Date = new Date()): Parsed | null {
  const t = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(\d)(st|nd|rd|th)\b/gi, '$1');
  const lower = t.toLowerCase();
  if (lower === 'today' || lower === 'tomorrow' || lower === 'yesterday') {
    const d = new Date(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + (lower === 'tomorrow' ? 1 : lower === 'yesterday' ? -1 : 0),
    );
    return { value: isoDate(d.getFullYear(), d.getMonth() + 1, d.getDate()) as string };
  }
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return wrap(isoDate(+m[1], +m[2], +m[3]), text);
  // Day first with dots (22.11.2026) is the European convention; slashes are ambiguous.
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
  if (m) return wrap(isoDate(fullYear(m[3]), +m[2], +m[1]), text);
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (m) {
    const a = +m[1];
    const b = +m[2];
    if (a > 12 && b <= 12) return wrap(isoDate(+m[3], b, a), text);
    if (b > 12 && a <= 12) return wrap(isoDate(+m[3], a, b), text);
    if (a === b) return wrap(isoDate(+m[3], a, b), text);
    return {
      error: `"${cut(text)}" is ambiguous (month/day or day/month?). Type it as YYYY-MM-DD, e.g. ${m[3]}-${pad(a)}-${pad(b)}.`,
    };
  }
  // "Nov 22, 2026", "November 22 2026", "Sunday, November 22, 2026"
  m = /^(?:[a-z]+,? )?([a-z]+\.?) (\d{1,2}),? (\d{4})$/i.exec(t);
  if (m && monthIndex(m[1]) >= 0) return wrap(isoDate(+m[3], monthIndex(m[1]) + 1, +m[2]), text);
  // "22 Nov 2026", "22 November, 2026"
  m = /^(?:[a-z]+,? )?(\d{1,2}) ([a-z]+\.?),? (\d{4})$/i.exec(t);
  if (m && monthIndex(m[2]) >= 0) return wrap(isoDate(+m[3], monthIndex(m[2]) + 1, +m[1]), text);
  return null;
}

function wrap(value: string | null, text: string): Parsed {
  return value ? { value } : { error: `"${cut(text)}" is not a valid calendar date.` };
}

/** "15:30", "3:30 pm", "3pm", "15:30:05", "noon". Seconds kept only when given. */
export function parseTime(text: string): Parsed | null {
  const t = text.trim().toLowerCase();
  if (t === 'noon') return { value: '12:00' };
  if (t === 'midnight') return { value: '00:00' };
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2}(?:\.\d{1,3})?))?\s*(a\.?m\.?|p\.?m\.?)?$/.exec(t);
  if (!m || (m[2] === undefined && !m[4])) return null;
  let h = +m[1];
  const min = m[2] === undefined ? 0 : +m[2];
  if (m[4]) {
    if (h < 1 || h > 12) return { error: `"${cut(text)}" is not a valid time.` };
    const pm = m[4].charAt(0) === 'p';
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || min > 59 || (m[3] !== undefined && Number(m[3]) >= 60))
    return { error: `"${cut(text)}" is not a valid time.` };
  return { value: `${pad(h)}:${pad(min)}${m[3] !== undefined ? ':' + (m[3].length === 1 ? '0' + m[3] : m[3]) : ''}` };
}

function parseDateTime(text: string): Parsed | null {
  const t = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)$/.exec(t);
  if (iso) {
    const d = parseDate(iso[1]);
    return d && 'value' in d ? { value: `${d.value}T${iso[2]}` } : d;
  }
  // Split at the last comma / " at " / space run that leaves a time on the right.
  const parts = /^(.*?)(?:,\s*|\s+at\s+|\s+)(\d{1,2}(?:[:.h]\d{2})?(?::\d{2})?\s*(?:[ap]\.?m\.?)?)$/i.exec(t);
  if (!parts) return null;
  const d = parseDate(parts[1]);
  const tm = parseTime(parts[2]);
  if (!d || !tm) return null;
  if ('error' in d) return d;
  if ('error' in tm) return tm;
  return { value: `${d.value}T${tm.value}` };
}

function parseMonth(text: string): Parsed | null {
  const t = text.trim();
  let m = /^(\d{4})[-/.](\d{1,2})$/.exec(t);
  if (m)
    return +m[2] >= 1 && +m[2] <= 12
      ? { value: `${m[1]}-${pad(+m[2])}` }
      : { error: `"${cut(text)}" is not a valid month.` };
  m = /^(\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m)
    return +m[1] >= 1 && +m[1] <= 12
      ? { value: `${m[2]}-${pad(+m[1])}` }
      : { error: `"${cut(text)}" is not a valid month.` };
  m = /^([a-z]+\.?),? (\d{4})$/i.exec(t);
  if (m && monthIndex(m[1]) >= 0) return { value: `${m[2]}-${pad(monthIndex(m[1]) + 1)}` };
  const d = parseDate(t);
  return d && 'value' in d ? { value: d.value.slice(0, 7) } : null;
}

/** ISO 8601 week of a date: weeks start on Monday, week 1 holds the first Thursday. */
export function isoWeek(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86400000 + 1) / 7);
  return `${pad(date.getUTCFullYear(), 4)}-W${pad(week)}`;
}

function parseWeek(text: string): Parsed | null {
  const t = text.trim();
  let m = /^(\d{4})-?\s?W(\d{1,2})$/i.exec(t) ?? /^W(?:eek)?\s?(\d{1,2}),?\s(\d{4})$/i.exec(t);
  if (m) {
    const [year, week] = /^\d{4}$/.test(m[1]) ? [+m[1], +m[2]] : [+m[2], +m[1]];
    // Years have 52 or 53 ISO weeks: Dec 28 is always in the last one.
    const last = Number(isoWeek(year, 12, 28).slice(6));
    return week >= 1 && week <= last
      ? { value: `${pad(year, 4)}-W${pad(week)}` }
      : { error: `"${cut(text)}" is not a valid week (${year} has ${last} weeks).` };
  }
  const d = parseDate(t);
  if (d && 'value' in d) {
    m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d.value);
    if (m) return { value: isoWeek(+m[1], +m[2], +m[3]) };
  }
  return d;
}

/** Any CSS colour → #rrggbb, through a detached canvas (no page mutation). */
function parseColor(text: string, doc: Document): Parsed | null {
  const t = text.trim();
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(t);
  if (hex) {
    const h = hex[1].toLowerCase();
    return {
      value:
        '#' + (h.length === 3 ? h.charAt(0) + h.charAt(0) + h.charAt(1) + h.charAt(1) + h.charAt(2) + h.charAt(2) : h),
    };
  }
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    ctx = doc.createElement('canvas').getContext('2d');
  } catch {
    ctx = null;
  }
  if (!ctx) return null;
  // Two different sentinels: a colour the canvas rejects leaves each unchanged.
  ctx.fillStyle = '#010203';
  ctx.fillStyle = t;
  const a = String(ctx.fillStyle);
  ctx.fillStyle = '#030201';
  ctx.fillStyle = t;
  const b = String(ctx.fillStyle);
  if (a !== b) return null;
  if (/^#[0-9a-f]{6}$/i.test(a)) return { value: a.toLowerCase() };
  return { error: `"${cut(text)}" is not an opaque colour; a color input holds #rrggbb.` };
}

/** Canonical value for a formatted input type, or why the text cannot be one. Null: not a formatted type. */
export function formattedValue(type: string, text: string, doc: Document): Parsed | null {
  const format = INPUT_FORMATS[type];
  if (!format) return null;
  if (text.trim() === '') return { value: '' };
  let parsed: Parsed | null = null;
  if (type === 'date') parsed = parseDate(text);
  else if (type === 'time') parsed = parseTime(text);
  else if (type === 'datetime-local') parsed = parseDateTime(text);
  else if (type === 'month') parsed = parseMonth(text);
  else if (type === 'week') parsed = parseWeek(text);
  else if (type === 'color') parsed = parseColor(text, doc);
  if (!parsed)
    return {
      error: `Cannot read "${cut(text)}" as a ${type === 'datetime-local' ? 'date and time' : type}. This input expects ${format}.`,
    };
  return parsed;
}
