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
