import type { ContactMessageRow } from '../../plugins/outbox';
import { MAIL_STATE } from './schemas';

const BOM = '\uFEFF';

/** What a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted, its quotes doubled; a value a spreadsheet would run as a formula gets a leading `'`,
 * which shows it as text.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const CSV_COLUMNS = [
  'id',
  'received_at',
  'status',
  'name',
  'country_code',
  'phone',
  'email',
  'business',
  'service',
  'message',
  'mail_status',
] as const;

/** The messages as a CSV file: UTF-8 with a byte-order mark (so spreadsheets read Arabic right), CRLF lines. */
export function toCsv(rows: readonly ContactMessageRow[]): Buffer {
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
        row.email,
        row.business,
        row.service,
        row.message,
        MAIL_STATE[row.mailStatus],
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}
