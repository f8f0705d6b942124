import { describe, expect, it } from 'vitest';
import { parseArgs } from './editor-args';

describe('editor:create arguments', () => {
  it.each([
    {
      argv: ['--email', 'Sam@Example.com', '--name', 'Sam Smith'],
      expected: { email: 'sam@example.com', name: 'Sam Smith', role: 'administrator' },
    },
    {
      argv: ['--email=sam@example.com', '--role=author'],
      expected: { email: 'sam@example.com', name: 'sam', role: 'author' },
    },
    {
      argv: ['--email', 'sam@example.com', '--role', 'editor'],
      expected: { email: 'sam@example.com', name: 'sam', role: 'editor' },
    },
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
    {
      argv: ['--email', 'a@b.c', '--role', 'owner'],
      error: /--role must be one of administrator, editor, author/,
    },
    { argv: ['--email', 'a@b.c', '--role'], error: '--role needs a value' },
  ])('refuses $argv', ({ argv, error }) => {
    const result = parseArgs(argv);
    expect('error' in result && result.error).toMatch(error);
  });
});
