import { describe, expect, it } from 'vitest';
import { formattedValue, isoWeek, parseDate, parseTime } from '../../src/actions/formats';
import { matchesAccept } from '../../src/actions/upload';

const v = (type: string, text: string) => formattedValue(type, text, document);

describe('natural values for formatted inputs', () => {
  it('dates: ISO, European dots, unambiguous slashes, month names; ambiguity refused', () => {
    expect(v('date', '2026-11-22')).toEqual({ value: '2026-11-22' });
    expect(v('date', '2026/1/5')).toEqual({ value: '2026-01-05' });
    expect(v('date', '22.11.2026')).toEqual({ value: '2026-11-22' });
    expect(v('date', '11/22/2026')).toEqual({ value: '2026-11-22' });
    expect(v('date', '22/11/2026')).toEqual({ value: '2026-11-22' });
    expect(v('date', 'Nov 22, 2026')).toEqual({ value: '2026-11-22' });
    expect(v('date', 'Sunday, November 22nd, 2026')).toEqual({ value: '2026-11-22' });
    expect(v('date', '22 November 2026')).toEqual({ value: '2026-11-22' });
    expect(v('date', '03/04/2026')).toMatchObject({ error: expect.stringContaining('ambiguous') });
    expect(v('date', '2026-02-30')).toMatchObject({ error: expect.stringContaining('not a valid') });
    expect(v('date', 'next week sometime')).toMatchObject({ error: expect.stringContaining('YYYY-MM-DD') });
    expect(parseDate('tomorrow', new Date(2026, 11, 31))).toEqual({ value: '2027-01-01' });
    expect(v('date', '')).toEqual({ value: '' });
  });

  it('times, datetime-local, month, week', () => {
    expect(parseTime('3:30 pm')).toEqual({ value: '15:30' });
    expect(parseTime('12am')).toEqual({ value: '00:00' });
    expect(parseTime('09:05:30')).toEqual({ value: '09:05:30' });
    expect(parseTime('25:00')).toMatchObject({ error: expect.any(String) });
    expect(parseTime('15')).toBeNull();
    expect(v('datetime-local', '2026-11-22 15:30')).toEqual({ value: '2026-11-22T15:30' });
    expect(v('datetime-local', 'Nov 22, 2026, 3:30 pm')).toEqual({ value: '2026-11-22T15:30' });
    expect(v('datetime-local', 'Nov 22, 2026 at 9am')).toEqual({ value: '2026-11-22T09:00' });
    expect(v('month', 'November 2026')).toEqual({ value: '2026-11' });
    expect(v('month', '11/2026')).toEqual({ value: '2026-11' });
    expect(v('week', '2026-W47')).toEqual({ value: '2026-W47' });
    expect(v('week', 'week 47 2026')).toEqual({ value: '2026-W47' });
    expect(v('week', '2026-11-22')).toEqual({ value: '2026-W47' });
    expect(v('week', '2026-W54')).toMatchObject({ error: expect.stringContaining('53 weeks') });
    expect(isoWeek(2021, 1, 3)).toBe('2020-W53');
    expect(isoWeek(2024, 12, 30)).toBe('2025-W01');
  });

  it('colours: hex shorthand; other types are not formatted', () => {
    expect(v('color', '#ABC')).toEqual({ value: '#aabbcc' });
    expect(v('color', '12ab34')).toEqual({ value: '#12ab34' });
    expect(v('text', 'anything')).toBeNull();
  });

  it('accept tokens: extensions, exact types, wildcards', () => {
    expect(matchesAccept('image/*,.pdf', 'a.PNG', 'image/png')).toBe(true);
    expect(matchesAccept('image/*,.pdf', 'doc.pdf', '')).toBe(true);
    expect(matchesAccept('image/*,.pdf', 'x.txt', 'text/plain')).toBe(false);
    expect(matchesAccept('text/csv', 'x.csv', 'text/csv')).toBe(true);
    expect(matchesAccept('', 'x', '')).toBe(true);
  });
});
