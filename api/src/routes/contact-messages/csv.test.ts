import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, nameIn } from './csv';

/** What a spreadsheet may skip before it reads a cell's first character. */
const UNSEEN = [
  '\n',
  ' ',
  '\u00a0', // no-break space
  '\u2003', // em space
  '\u3000', // ideographic space
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\u2060', // word joiner
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\ufeff', // byte-order mark
  '\u3164', // Hangul filler
  '\u000b', // vertical tab
];
/** Formula characters, and look-alikes a spreadsheet or a person may take for them. */
const FORMULA = [
  '=',
  '+',
  '-',
  '@',
  '\uff1d', // ＝
  '\uff0b', // ＋
  '\uff0d', // －
  '\uff20', // ＠
  '\ufe66', // small equals
  '\ufe62', // small plus
  '\u2212', // minus sign
];

const neutralised = (cell: string) => cell.startsWith(`"'`);

describe('csvCell', () => {
  it.each([
    '\n=HYPERLINK("http://x")',
    ' =1+1',
    '\u00a0+SUM(A1)',
    '\uff1dcmd|calc',
    '\u200b=1+1',
    '\u202e@SUM(A1)',
    '\u200b\u00a0\n\uff0b1',
    '\t=1+1',
    '\r=cmd|calc',
  ])('neutralises %j', (value) => {
    expect(csvCell(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
  });

  it.each(['Layla', ' Layla', '\u200bplain', '501234567', 'a=b', '"quoted"', '', '   '])(
    'leaves %j as it is',
    (value) => {
      expect(csvCell(value)).toBe(`"${value.replaceAll('"', '""')}"`);
    },
  );

  it('neutralises any cell whose first visible character is a formula character', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...UNSEEN), { maxLength: 6 }),
        fc.constantFrom(...FORMULA),
        fc.string(),
        (unseen, formula, rest) => {
          expect(neutralised(csvCell(unseen.join('') + formula + rest))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves a cell starting with a letter or digit as it is, and always quotes it whole', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(' ', '\u00a0', '\u200b'), { maxLength: 3 }),
        fc.constantFrom('a', 'Z', '7', 'س', '"'),
        fc.string(),
        (unseen, first, rest) => {
          const value = unseen.join('') + first + rest;
          const cell = csvCell(value);
          expect(neutralised(cell)).toBe(false);
          // One quoted cell: its inner quotes doubled, so nothing ends it early.
          expect(cell.slice(1, -1).replaceAll('""', '')).not.toContain('"');
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('nameIn', () => {
  it('reads a kept name as one text or one per language, in the language asked, else the other', () => {
    expect(nameIn('Professional', 'ar')).toBe('Professional');
    expect(nameIn({ en: 'SEO', ar: 'تحسين' }, 'ar')).toBe('تحسين');
    expect(nameIn({ en: 'SEO', ar: 'تحسين' }, 'en')).toBe('SEO');
    expect(nameIn({ ar: 'تحسين' }, 'en')).toBe('تحسين');
    expect(nameIn({ en: '', ar: 'تحسين' }, 'en')).toBe('تحسين');
    for (const none of [{}, '', null, undefined]) expect(nameIn(none, 'en')).toBe('');
  });
});
