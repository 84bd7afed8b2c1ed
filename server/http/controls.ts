import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/**
 * Control characters in request text: PostgreSQL refuses a NUL in text (a 500 on every call that stores or searches
 * a string), and the others are never typed, only injected (log forging, header splitting, invisible names). Body
 * text may keep tab, line feed and carriage return, as multi-line fields (feedback, messages, notices) carry them;
 * a query or path value is one line.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_MESSAGE = 'Control characters are not allowed';

/** The dotted path of the first string (value or key) in `value` with a character `pattern` refuses, if any. */
export function controlCharacterAt(value: unknown, multiLine: boolean, path = ''): string | undefined {
  const pattern = multiLine ? CONTROL_BUT_LINES : CONTROL;
  if (typeof value === 'string') return pattern.test(value) ? path || '_' : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (CONTROL.test(key)) return at;
    const found = controlCharacterAt(inner, multiLine, at);
    if (found) return found;
  }
  return undefined;
}

const refuse = (field: string) =>
  new DomainError(400, 'VALIDATION', CONTROL_MESSAGE, { [field]: CONTROL_MESSAGE });

/** Refuses a control character in any query, path or body value of every call, before its schema or handler. */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    if (req.is404) return;
    const field =
      controlCharacterAt(req.params, false) ??
      controlCharacterAt(req.query, false) ??
      controlCharacterAt(req.body, true);
    if (field) throw refuse(field);
  });
}
