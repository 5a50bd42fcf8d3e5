import { describe, expect, test } from 'vitest';
import { parseCli, usageText, type CliSpec } from './cli';

const spec = {
  command: 'npm run demo',
  tag: '[demo]',
  summary: 'Does a demonstration.',
  usage: ['--to <url> [--repeat <n>]', '--list'],
  options: {
    to: { type: 'string', value: 'url', description: 'where it goes' },
    repeat: { type: 'string', value: 'n', description: 'how many more times' },
    note: { type: 'string', value: 'text', description: 'a note', missing: '--note needs the text of the note' },
    list: { type: 'boolean', short: 'l', description: 'lists them' },
  },
  environment: { DEMO_SECRET: 'the secret' },
  footer: 'Exit code 2: a wrong call.',
} satisfies CliSpec;

const withArguments = {
  ...spec,
  positionals: { value: '[render]', description: 'prints the config', max: 1 },
} satisfies CliSpec;

describe('parseCli', () => {
  test.each([
    [['--to', 'http://a/', '--list'], { to: 'http://a/', list: true }],
    [['--to=http://a/', '-l'], { to: 'http://a/', list: true }],
    [['--repeat', '3'], { repeat: '3' }],
    // A value starting with a dash, written as parseArgs takes one.
    [['--note=-x'], { note: '-x' }],
    [[], {}],
  ])('reads %j', (args, values) => {
    expect(parseCli(spec, args)).toEqual({ kind: 'ok', values, positionals: [] });
  });

  test.each([['--help'], ['-h'], ['--to', 'x', '--help'], ['--bogus', '-h'], ['-lh']])(
    '%s answers the usage text, whatever else is on the line',
    (...args) => {
      expect(parseCli(spec, args)).toEqual({ kind: 'help', text: usageText(spec) });
    },
  );

  test.each([
    [['--bogus'], "Unknown option '--bogus': npm run demo -- --help lists what it takes"],
    [['--to', 'x', '--no-such-flag', 'y'], "Unknown option '--no-such-flag'"],
    [['-x'], "Unknown option '-x'"],
    [['-lx'], "Unknown option '-x'"],
    [['--list=yes'], '--list takes no value'],
    [['--to'], '--to needs a value: --to <url>'],
    [['--to', '--list'], '--to needs a value: --to <url>'],
    [['--note'], '--note needs the text of the note'],
    [['--to', 'a', '--to', 'b'], '--to is given twice'],
    [['render'], "Unexpected argument 'render'"],
  ])('refuses %j, saying what was wrong in one line', (args, message) => {
    const result = parseCli(spec, args);
    expect(result.kind).toBe('error');
    const text = result.kind === 'error' ? result.message : '';
    expect(text).toContain(message);
    expect(text).not.toContain('\n');
  });

  test('takes arguments only where the command has them, and no more than it says', () => {
    expect(parseCli(withArguments, ['render', '--to', 'x'])).toEqual({
      kind: 'ok',
      values: { to: 'x' },
      positionals: ['render'],
    });
    expect(parseCli(withArguments, ['render', 'twice'])).toEqual({
      kind: 'error',
      message: "Unexpected argument 'twice': npm run demo -- --help lists what it takes",
    });
  });
});

describe('usageText', () => {
  test('names every form, option with its value, argument and variable, and --help', () => {
    expect(usageText(withArguments)).toBe(
      [
        'Usage: npm run demo -- --to <url> [--repeat <n>]',
        '       npm run demo -- --list',
        '',
        'Does a demonstration.',
        '',
        'Options:',
        '  --to <url>     where it goes',
        '  --repeat <n>   how many more times',
        '  --note <text>  a note',
        '  -l, --list     lists them',
        '  -h, --help     prints this text',
        '',
        'Arguments:',
        '  [render]  prints the config',
        '',
        'Environment:',
        '  DEMO_SECRET  the secret',
        '',
        'Exit code 2: a wrong call.',
        '',
      ].join('\n'),
    );
  });

  test('a command without options shows none but --help', () => {
    const text = usageText({ command: 'npm run favicon', tag: '[favicon]', summary: 'Writes it.', options: {} });
    expect(text).toBe('Usage: npm run favicon\n\nWrites it.\n\nOptions:\n  -h, --help  prints this text\n');
  });
});
