import { describe, expect, it } from 'vitest';
import { isTimeZone, siteTime } from './site-time';

describe('the site’s clock', () => {
  it('writes a moment with the offset the zone has then, and UTC as before', () => {
    const moment = new Date('2026-12-01T05:30:00.000Z');
    expect(siteTime('UTC').iso(moment)).toBe('2026-12-01T05:30:00.000Z');
    expect(siteTime('Asia/Dubai').iso(moment)).toBe('2026-12-01T09:30:00.000+04:00');
    expect(siteTime('Asia/Kolkata').iso(moment)).toBe('2026-12-01T11:00:00.000+05:30');
    expect(siteTime('America/New_York').iso(moment)).toBe('2026-12-01T00:30:00.000-05:00');
    expect(siteTime('America/New_York').iso(new Date('2026-07-01T05:30:00.000Z'))).toBe(
      '2026-07-01T01:30:00.000-04:00',
    );
    // The same moment, whichever way it is written.
    for (const zone of ['UTC', 'Asia/Dubai', 'Asia/Kolkata', 'America/New_York', 'Pacific/Chatham'])
      expect(Date.parse(siteTime(zone).iso(moment)), zone).toBe(moment.getTime());
  });

  it('reads a date alone as the start of that day on the site’s clock', () => {
    expect(siteTime('UTC').parse('2026-12-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(siteTime('Asia/Dubai').parse('2026-12-01').toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(siteTime('America/New_York').parse('2026-12-01').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(siteTime('America/New_York').parse('2026-07-01').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('reads a date-time with an offset as written, and one without in UTC', () => {
    const dubai = siteTime('Asia/Dubai');
    expect(dubai.parse('2026-12-01T09:30:00+04:00').toISOString()).toBe('2026-12-01T05:30:00.000Z');
    expect(dubai.parse('2026-12-01T09:30:00Z').toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(dubai.parse('2026-12-01T09:30').toISOString()).toBe('2026-12-01T09:30:00.000Z');
    expect(dubai.parse(' 2026-12-01T09:30:00-0330 ').toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('knows the zones the runtime knows', () => {
    expect(isTimeZone('Asia/Dubai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
