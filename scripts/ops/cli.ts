// `npm run ops -- <command> …`: usage from the command table, one-line failures, exit codes 0 / 1 (failed) / 2 (usage).
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { COMMANDS, type Command, type Input, type Option, UsageError } from './commands.ts';
import { callServer, defaultServer, opsToken } from './http.ts';

const RUN = 'npm run ops --';

/** Options every command takes; `--server` only those that talk to the server. */
const HELP: Record<string, Option> = { help: { type: 'boolean', help: 'show this help' } };
const SERVER: Record<string, Option> = {
  server: {
    type: 'string',
    value: 'URL',
    help: 'the server (default PORTICO_URL, else http://localhost:$PORT)',
  },
};
const talksToServer = (name: string, c: Command) => c.call !== undefined || name === 'backup';
const optionsOf = (name: string, c: Command) => ({
  ...c.options,
  ...(talksToServer(name, c) ? SERVER : {}),
});

const optionUsage = ([name, o]: [string, Option]) => {
  const text = o.type === 'boolean' ? `--${name}` : `--${name} ${o.value ?? 'VALUE'}`;
  return o.required ? text : `[${text}]`;
};
const required = (c: Command) => Object.entries(c.options ?? {}).filter(([, o]) => o.required);

/** `<name> <args> --required X` (the general help's listing). */
const synopsis = (name: string, c: Command) =>
  [name, c.args, ...required(c).map(optionUsage)].filter(Boolean).join(' ');

export const usageLine = (name: string, c: Command) =>
  [RUN, name, c.args, ...Object.entries(c.options ?? {}).map(optionUsage)].filter(Boolean).join(' ');

export function commandHelp(name: string, c: Command): string {
  const options = Object.entries({ ...optionsOf(name, c), ...HELP });
  const width = Math.max(...options.map(([n, o]) => n.length + (o.value ? o.value.length + 1 : 0))) + 4;
  return [
    `usage: ${usageLine(name, c)}`,
    '',
    `${c.summary[0]!.toUpperCase()}${c.summary.slice(1)}.`,
    ...(c.notes ?? []),
    '',
    'Options:',
    ...options.map(
      ([n, o]) =>
        `  ${`--${n}${o.value ? ` ${o.value}` : ''}`.padEnd(width)}${o.help}${o.default ? ` (default ${o.default})` : ''}`,
    ),
    ...(c.call ? ['', 'Needs PORTICO_OPS_TOKEN, the token the server was started with.'] : []),
  ].join('\n');
}

export function generalHelp(): string {
  return [
    `usage: ${RUN} <command> [arguments] [options]`,
    `       ${RUN} <command> --help`,
    '',
    'Operator commands of Portico. Most call the running server’s operator API: they need PORTICO_OPS_TOKEN',
    '(the token the server was started with) and reach PORTICO_URL (default http://localhost:$PORT, 8080) or',
    '--server URL. init and restore work on the database folder itself.',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).flatMap(([name, c]) => [`  ${synopsis(name, c)}`, `      ${c.summary}`]),
  ].join('\n');
}

/** Required and allowed numbers of positionals, from the table's `<a> [b] <c...>`. */
function arity(args: string): { min: number; max: number } {
  const words = args.split(' ').filter(Boolean);
  const required = words.filter((w) => !w.startsWith('['));
  return { min: required.length, max: words.some((w) => w.includes('...')) ? Infinity : words.length };
}

interface Out {
  out: (text: string) => void;
  err: (text: string) => void;
}
const console_: Out = { out: (t) => console.log(t), err: (t) => console.error(t) };

/** Runs one command line; the exit code. */
export async function main(argv: string[], io: Out = console_): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const about = name === 'help' && rest[0] ? COMMANDS[rest[0]] : undefined;
    if (about) io.out(commandHelp(rest[0]!, about));
    else (name === undefined ? io.err : io.out)(generalHelp());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`ops: unknown ${name.startsWith('-') ? 'option' : 'command'} "${name}"`);
    io.err(`usage: ${RUN} <command> [arguments] [options]  (${RUN} --help lists the commands)`);
    return 2;
  }
  try {
    const options: ParseArgsConfig['options'] = { help: { type: 'boolean', short: 'h' } };
    for (const [n, o] of Object.entries(optionsOf(name, command)))
      options[n] = { type: o.type, ...(o.default !== undefined ? { default: o.default } : {}) };
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    } catch (err) {
      // Node's wording ends with advice on '--' that does not apply here.
      throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
    }
    if (parsed.values.help) {
      io.out(commandHelp(name, command));
      return 0;
    }
    const { min, max } = arity(command.args);
    if (parsed.positionals.length < min)
      throw new UsageError(
        `missing ${command.args.split(' ').slice(parsed.positionals.length, min).join(' ')}`,
      );
    if (parsed.positionals.length > max)
      throw new UsageError(`unexpected argument "${parsed.positionals[max]}"`);
    const absent = required(command).filter(([n]) => parsed.values[n] === undefined);
    if (absent.length) throw new UsageError(`missing ${absent.map(optionUsage).join(' ')}`);
    const input = { args: parsed.positionals, opts: parsed.values as Input['opts'] };
    if (command.run) await command.run(input);
    else {
      // Before the call is prepared: operator:add asks for a password first.
      const token = opsToken();
      const server = typeof parsed.values.server === 'string' ? parsed.values.server : defaultServer();
      await callServer(server, token, await command.call!(input));
    }
    return 0;
  } catch (err) {
    io.err(`ops: ${(err as Error).message}`);
    if (err instanceof UsageError) {
      io.err(`usage: ${usageLine(name, command)}  (${RUN} ${name} --help)`);
      return 2;
    }
    return 1;
  }
}
