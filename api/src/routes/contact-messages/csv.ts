import { type Language, nameIn } from '@agency/core/language';
import type { ContactMessageRow } from '../../plugins/outbox';
import { MAIL_STATE } from './schemas';

const BOM = '\uFEFF';

/** What a spreadsheet reads as the start of a formula (OWASP's CSV injection list), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * What a spreadsheet may pass over before the first character it reads: white space of any kind (LF, NBSP, the
 * Unicode spaces), control and invisible format characters (zero-width space, joiners, bidi controls such as
 * U+202E, the byte-order mark, the combining grapheme joiner) and characters drawn as blanks (Hangul fillers,
 * the braille blank).
 */
const UNSEEN = /^(?:[\s\p{Z}\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0\u2800]|\u034f)+/u;

/**
 * Whether a spreadsheet could run the value as a formula: its first character, or the first one past what
 * cannot be seen, is a formula character or a look-alike that folds to one (full-width `＝`, small `﹢`, the
 * minus sign).
 */
export function startsFormula(value: string): boolean {
  if (FORMULA_START.test(value)) return true;
  const first = String.fromCodePoint(value.replace(UNSEEN, '').codePointAt(0) ?? 0x20);
  return FORMULA_START.test(first.normalize('NFKC').replace('\u2212', '-'));
}

/**
 * One CSV cell: quoted, its quotes doubled; a value a spreadsheet could run as a formula gets a leading `'`,
 * which shows it as text.
 */
export function csvCell(value: string): string {
  const safe = startsFormula(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const CSV_COLUMNS = [
  'id',
  'received_at',
  'status',
  'name',
  'country_code',
  'phone',
  'phone_region',
  'email',
  'business',
  'service',
  'service_name',
  'plan',
  'plan_name',
  'message',
  'mail_status',
] as const;

/**
 * The messages as a CSV file: UTF-8 with a byte-order mark (so spreadsheets read Arabic right), CRLF lines. The
 * service's and the plan's names are the ones the message was sent with, in `language` (the export's).
 */
export function toCsv(rows: readonly ContactMessageRow[], language: Language): Buffer {
  const lines = [CSV_COLUMNS.map(csvCell).join(',')];
  for (const row of rows) {
    lines.push(
      [
        String(row.id),
        row.createdAt.toISOString(),
        row.status,
        row.name,
        row.countryCode,
        row.phone,
        row.phoneRegion,
        row.email,
        row.business,
        row.service,
        nameIn(row.serviceName, language),
        row.plan,
        nameIn(row.planName, language),
        row.message,
        MAIL_STATE[row.mailStatus],
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}
