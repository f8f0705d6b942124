import { describe, expect, it } from 'vitest';
import { parseArgs } from './editor-args';

describe('editor:create arguments', () => {
  it.each([
    {
      argv: ['--email', 'Sam@Example.com', '--name', 'Sam Smith'],
      expected: { email: 'sam@example.com', name: 'Sam Smith' },
    },
    { argv: ['--email=sam@example.com'], expected: { email: 'sam@example.com', name: 'sam' } },
    { argv: ['--help'], expected: { help: true } },
  ])('reads $argv', ({ argv, expected }) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it.each([
    { argv: [], error: '--email is required' },
    { argv: ['--email'], error: '--email needs a value' },
    {
      argv: ['--email', 'a@b.c', '--password', 'hunter2hunter2'],
      error: /never taken from the command line/,
    },
    { argv: ['--email', 'a@b.c', '--password=hunter2hunter2'], error: /never taken from the command line/ },
    { argv: ['--email', 'a@b.c', '--admin'], error: 'unknown option --admin' },
    { argv: ['a@b.c'], error: 'unexpected argument: a@b.c' },
  ])('refuses $argv', ({ argv, error }) => {
    const result = parseArgs(argv);
    expect('error' in result && result.error).toMatch(error);
  });
});
