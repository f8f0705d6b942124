/**
 * The site's clock: the time zone public pages date posts in (SITE_TIME_ZONE, UTC by default), as WordPress's
 * and Ghost's site time zone. The server writes each post's `published_at` with that zone's offset
 * (`2026-12-01T09:30:00.000+04:00`), so the page shows the day and hour the site keeps with no time-zone data
 * of its own, the same on the server and in every browser (core's formatPublishedDate). The moment is the
 * same as in UTC; only the way it is written differs.
 */
export interface SiteTime {
  zone: string;
  /** The moment as ISO 8601 with the zone's offset at that moment; `toISOString()` itself in UTC. */
  iso(date: Date): string;
  /**
   * What the API's `published_at` names: a date alone is the start of that day on the site's clock; a
   * date-time with `Z` or an offset is that moment; a date-time without one is read in UTC.
   */
  parse(value: string): Date;
}

/** Whether the runtime knows this IANA zone (`Asia/Dubai`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function siteTime(zone: string): SiteTime {
  const utc = zone.toUpperCase() === 'UTC' || zone === 'Etc/UTC';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  /** Minutes east of UTC in the zone at this moment. */
  const offsetAt = (time: number): number => {
    const fields: Record<string, number> = {};
    for (const part of parts.formatToParts(new Date(time))) fields[part.type] = Number(part.value);
    const wall = Date.UTC(
      fields.year ?? 0,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      fields.hour ?? 0,
      fields.minute ?? 0,
      fields.second ?? 0,
    );
    return Math.round((wall - Math.floor(time / 1000) * 1000) / 60_000);
  };

  return {
    zone,
    iso(date) {
      if (utc) return date.toISOString();
      const offset = offsetAt(date.getTime());
      const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 23);
      const sign = offset < 0 ? '-' : '+';
      return `${local}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
    },
    parse(value) {
      const trimmed = value.trim();
      if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
        const midnight = Date.parse(`${trimmed}T00:00:00.000Z`);
        if (utc) return new Date(midnight);
        // Midnight on the site's clock: the offset there at that moment (asked twice where the clocks change).
        const guess = midnight - offsetAt(midnight) * 60_000;
        return new Date(midnight - offsetAt(guess) * 60_000);
      }
      return new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed) ? trimmed : `${trimmed}Z`);
    },
  };
}
