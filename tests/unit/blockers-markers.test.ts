// CAPTCHA detection: the marker list it checks first (one selector at a time) must name every vendor container it then checks.
import { describe, expect, it } from 'vitest';
import { ANY_MARKER, VENDOR_CONTAINERS } from '../../src/snapshot/classify/blockers';

describe('CAPTCHA markers', () => {
  it('the combined selector covers every vendor container', () => {
    const parts = ANY_MARKER.split(',');
    for (const container of VENDOR_CONTAINERS()) for (const one of container.split(',')) expect(parts).toContain(one);
  });
});
