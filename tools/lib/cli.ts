/**
 * The command line of every CLI of tools/: its flags read by `node:util`'s parseArgs, `--help` / `-h` answered
 * with a short usage text on stdout (exit 0), and a wrong call (an unknown flag, a flag missing its value, an
 * argument the command does not take) refused in one line naming what was wrong, with exit code 2 and no stack
 * trace. A flag that was silently ignored let a typo (`--chek`) run the real thing.
 */
import process from 'node:process';
import { parseArgs } from 'node:util';

export interface CliOption {
  type: 'string' | 'boolean';
  short?: string;
  /** A string option's value in the usage text: `--to <url>`. */
  value?: string;
  description: string;
  /** What to say when the value is missing, where `--name needs <value>` would not help. */
  missing?: string;
}

export interface CliSpec<Options extends Record<string, CliOption> = Record<string, CliOption>> {
  /** How a person runs it: `npm run webhooks:send` (its arguments go after `--`). */
  command: string;
  /** The prefix of its log lines: `[webhooks:send]`. */
  tag: string;
  /** One or two sentences: what it does. */
  summary: string;
  /** The forms of the call after `--`, one a line: `--event <name> --to <url> [--secret <secret>]`. */
  usage?: readonly string[];
  options: Options;
  /** Arguments that are not flags, when the command takes any: their description and how many at most. */
  positionals?: { value: string; description: string; max: number };
  /** Environment variables it reads, with what each is for. */
  environment?: Readonly<Record<string, string>>;
  /** A closing line, such as what the exit codes mean. */
  footer?: string;
}

export type CliValues<Options extends Record<string, CliOption>> = {
  [Name in keyof Options]?: Options[Name]['type'] extends 'string' ? string : boolean;
};

export type CliParse<Options extends Record<string, CliOption>> =
  | { kind: 'help'; text: string }
  | { kind: 'error'; message: string }
  | { kind: 'ok'; values: CliValues<Options>; positionals: string[] };

/** A wrong call found after parsing (a bad value, flags that do not go together): exit code 2, its message only. */
export class UsageError extends Error {}

const help: CliOption = { type: 'boolean', short: 'h', description: 'prints this text' };

function flag(name: string, option: CliOption): string {
  const long = `--${name}${option.type === 'string' ? ` <${option.value ?? 'value'}>` : ''}`;
  return option.short ? `-${option.short}, ${long}` : long;
}

function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** The text `--help` prints. */
export function usageText(spec: CliSpec): string {
  const forms = spec.usage?.length ? spec.usage : [Object.keys(spec.options).length ? '[options]' : ''];
  const lines = forms.map(
    (form, index) => `${index === 0 ? 'Usage:' : '      '} ${spec.command}${form ? ` -- ${form}` : ''}`,
  );
  lines.push('', spec.summary, '', 'Options:');
  const options = Object.entries({ ...spec.options, help });
  lines.push(...columns(options.map(([name, option]) => [flag(name, option), option.description])));
  if (spec.positionals) {
    lines.push('', 'Arguments:', ...columns([[spec.positionals.value, spec.positionals.description]]));
  }
  if (spec.environment && Object.keys(spec.environment).length > 0) {
    lines.push('', 'Environment:', ...columns(Object.entries(spec.environment)));
  }
  if (spec.footer) lines.push('', spec.footer);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads `args` by `spec`. The tokens are first read leniently, to name the first wrong one in words of our own
 * (parseArgs's own messages run over several lines and tell a person about `--` rather than about `--help`); then
 * parseArgs reads them strictly, which leaves nothing unchecked.
 */
export function parseCli<const Options extends Record<string, CliOption>>(
  spec: CliSpec<Options>,
  args: readonly string[],
): CliParse<Options> {
  const known: Record<string, CliOption> = { ...spec.options, help };
  const options = Object.fromEntries(
    Object.entries(known).map(([name, option]) => [
      name,
      option.short ? { type: option.type, short: option.short } : { type: option.type },
    ]),
  );
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((token) => token.kind === 'option' && token.name === 'help')) {
    return { kind: 'help', text: usageText(spec) };
  }
  const seeHelp = `${spec.command} -- --help lists what it takes`;
  const positionals: string[] = [];
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      if (!spec.positionals) {
        return { kind: 'error', message: `Unexpected argument '${token.value}': ${seeHelp}` };
      }
      continue;
    }
    if (token.kind !== 'option') continue;
    const option = known[token.name];
    if (!option) return { kind: 'error', message: `Unknown option '${token.rawName}': ${seeHelp}` };
    if (option.type === 'boolean' && token.value !== undefined) {
      return { kind: 'error', message: `${token.rawName} takes no value: ${seeHelp}` };
    }
    if (option.type === 'string') {
      // parseArgs takes a value starting with `-` only written as `--name=-x`: `--note --check` is a note forgotten.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) {
        return {
          kind: 'error',
          message: option.missing ?? `${token.rawName} needs a value: ${flag(token.name, option)}`,
        };
      }
      if (seen.has(token.name)) return { kind: 'error', message: `--${token.name} is given twice` };
      seen.add(token.name);
    }
  }
  if (spec.positionals && positionals.length > spec.positionals.max) {
    return {
      kind: 'error',
      message: `Unexpected argument '${positionals[spec.positionals.max]}': ${seeHelp}`,
    };
  }
  try {
    const parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: Boolean(spec.positionals) });
    const values: Record<string, string | boolean | undefined> = { ...parsed.values };
    delete values.help;
    return { kind: 'ok', values: values as CliValues<Options>, positionals: parsed.positionals };
  } catch (error) {
    // Whatever the lenient reading let through: parseArgs's own first line.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { kind: 'error', message: `${message}: ${seeHelp}` };
  }
}

/** Prints `${tag} ${message}` on stderr and exits with code 2: a wrong call. */
export function refuse(spec: Pick<CliSpec, 'tag'>, message: string): never {
  console.error(`${spec.tag} ${message}`);
  process.exit(2);
}

/**
 * The command line of this process, read by `spec`: prints the usage text and exits 0 on `--help`, refuses a wrong
 * call (exit 2), else returns the values.
 */
export function readCli<const Options extends Record<string, CliOption>>(
  spec: CliSpec<Options>,
  args: readonly string[] = process.argv.slice(2),
): { values: CliValues<Options>; positionals: string[] } {
  const result = parseCli(spec, args);
  if (result.kind === 'help') {
    process.stdout.write(result.text);
    process.exit(0);
  }
  if (result.kind === 'error') refuse(spec, result.message);
  return result;
}
