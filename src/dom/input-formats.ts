// The value format each date/time/colour input expects (what `.value` holds and
// accepts), shown in snapshots as [format=…] and used by type() to read natural
// inputs ("Nov 22, 2026" → 2026-11-22).
export const INPUT_FORMATS: Record<string, string> = {
  date: 'YYYY-MM-DD',
  time: 'HH:MM',
  'datetime-local': 'YYYY-MM-DDTHH:MM',
  month: 'YYYY-MM',
  week: 'YYYY-Www',
  color: '#rrggbb',
};

/**
 * The formatted type an <input> was declared with, or `type` (its `.type`) when none.
 * Firefox ESR 140 has no month/week inputs: they are plain text fields there (`.type`
 * is 'text'), yet the page still expects the declared format (2026-W47, 2026-11), so
 * snapshots and type() go by the attribute in that case.
 */
export function declaredFormatType(el: Element, type: string): string {
  if (type !== 'text') return type;
  const declared = (el.getAttribute('type') ?? '').trim().toLowerCase();
  return INPUT_FORMATS[declared] ? declared : type;
}
