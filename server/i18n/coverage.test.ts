import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { problemText } from '../../contract/registerRules.ts';
import { SERVER_TEXTS } from './keys.ts';
import { OPERATOR_TEXTS } from './operatorTexts.ts';
import { serverText } from './serverTexts.ts';

/**
 * Every English text a player or an agent can get back in a 4xx reply is one of SERVER_TEXTS (so it reaches them in
 * their language): the messages and field messages the player-facing modules hand to `new DomainError(…)` or to a
 * helper that builds one, and the custom messages of the contract's schemas. Texts only operators, game vendors or
 * machines read are listed in ./operatorTexts.ts instead, with the reason.
 */
const root = new URL('../../', import.meta.url).pathname;

/** Modules and files only the back office (/ops, ops CLI), game vendors (seamless wallet, /lgw) or development use. */
const NOT_PLAYERS = [
  'server/modules/backoffice/',
  'server/modules/catalogueOps/',
  'server/modules/changes/',
  'server/modules/dashboard/',
  'server/modules/deliveries/',
  'server/modules/dev/',
  'server/modules/merchantSettings/',
  'server/modules/ops/',
  'server/modules/opsEvents/',
  'server/modules/seamless/',
  'server/modules/vendorDemo/',
  'server/modules/vendors/',
  'server/http/opsActor.ts',
  'contract/backoffice.ts',
  'contract/catalogue.ts',
  'contract/changes.ts',
  'contract/dashboard.ts',
  'contract/deliveries.ts',
  'contract/merchant.ts',
  'contract/merchantSettings.ts',
  'contract/ops.ts',
  'contract/opsEvents.ts',
  'contract/seamless.ts',
  'contract/vendorDemo.ts',
  'contract/vendors.ts',
];

const files = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
const playerFiles = (dir: string) => files(dir).filter((f) => !NOT_PLAYERS.some((n) => f.startsWith(n)));
const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** A literal's text, each `${…}` of a template standing as `{…}`: one sample of what the player gets. */
const sample = (n: ts.Node): string | undefined => {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return n.text;
  if (ts.isTemplateExpression(n))
    return n.head.text + n.templateSpans.map((s) => `{${s.expression.getText()}}${s.literal.text}`).join('');
  return undefined;
};
/** The English texts an expression can be: its literals, both arms of a condition, the values of a fields object. */
const texts = (n: ts.Node | undefined): string[] => {
  if (!n) return [];
  const s = sample(n);
  if (s !== undefined) return [s];
  if (ts.isConditionalExpression(n)) return [...texts(n.whenTrue), ...texts(n.whenFalse)];
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return [...texts(n.left), ...texts(n.right)];
  if (ts.isParenthesizedExpression(n) || ts.isAsExpression(n)) return texts(n.expression);
  if (ts.isObjectLiteralExpression(n))
    return n.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? texts(p.initializer) : []));
  return [];
};
const walk = (n: ts.Node, visit: (n: ts.Node) => void) => {
  visit(n);
  n.forEachChild((c) => walk(c, visit));
};
const where = (n: ts.Node) => {
  const sf = n.getSourceFile();
  return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
};

/** Module texts: `new DomainError(status, code, message, fields)` and calls of helpers that pass their argument on. */
function moduleTexts(): Map<string, string> {
  const sources = [...playerFiles('server/modules'), ...playerFiles('server/http')].map(parse);
  const found = new Map<string, string>();
  const helpers = new Set<string>();
  for (const sf of sources)
    walk(sf, (n) => {
      if (!ts.isNewExpression(n) || n.expression.getText() !== 'DomainError') return;
      const [, , message, fields] = n.arguments ?? [];
      for (const t of [...texts(message), ...texts(fields)]) found.set(t, where(n));
      // A helper `const conflict = (message) => new DomainError(409, 'CONFLICT', message)`: its callers' texts count.
      let fn: ts.Node | undefined = n.parent;
      while (fn && !ts.isArrowFunction(fn) && !ts.isFunctionDeclaration(fn) && !ts.isFunctionExpression(fn))
        fn = fn.parent;
      if (!fn || !message || !ts.isIdentifier(message)) return;
      const params = (fn as ts.FunctionLikeDeclaration).parameters.map((p) => p.name.getText());
      if (!params.includes(message.text)) return;
      const name = ts.isFunctionDeclaration(fn)
        ? fn.name?.text
        : ts.isVariableDeclaration(fn.parent)
          ? fn.parent.name.getText()
          : undefined;
      if (name) helpers.add(name);
    });
  for (const sf of sources)
    walk(sf, (n) => {
      if (ts.isCallExpression(n) && helpers.has(n.expression.getText()))
        for (const t of n.arguments.flatMap(texts)) found.set(t, where(n));
    });
  return found;
}

/** zod's checks that take a custom message as an argument (or as `{ message }` / `{ error }`, seen below). */
const CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'email',
  'url',
  'refine',
]);

/** Contract texts: the custom messages of the schemas the portal's calls use (they come back as field messages). */
function contractTexts(): Map<string, string> {
  const found = new Map<string, string>();
  for (const sf of playerFiles('contract').map(parse))
    walk(sf, (n) => {
      if (ts.isPropertyAssignment(n) && ['message', 'error'].includes(n.name.getText())) {
        for (const t of texts(n.initializer)) found.set(t, where(n));
      }
      if (!ts.isCallExpression(n) || !ts.isPropertyAccessExpression(n.expression)) return;
      if (!CHECKS.has(n.expression.name.text)) return;
      for (const arg of n.arguments)
        if (!ts.isObjectLiteralExpression(arg)) for (const t of texts(arg)) found.set(t, where(n));
    });
  return found;
}

/** A text the tables word: the server's own wording of it in Vietnamese differs from the English. */
const worded = (text: string) => serverText(text, 'vi') !== text;
/** What is not a sentence: an envelope code (`CONFLICT`) or a field name (`mobileNum`) among a call's arguments. */
const sentence = (text: string) => !/^[A-Z_]+$/.test(text) && !/^[a-z][A-Za-z]*$/.test(text);

describe('every text a player can get back is in SERVER_TEXTS', () => {
  const operator = new Set<string>(OPERATOR_TEXTS);

  it('the modules’ refusals', () => {
    const missing = [...moduleTexts()]
      .filter(([t]) => sentence(t) && !worded(t) && !operator.has(t))
      .map(([t, at]) => `${at}  ${t}`);
    expect(missing).toEqual([]);
  });

  it('the contract’s custom messages', () => {
    const missing = [...contractTexts()]
      .filter(([t]) => sentence(t) && !worded(t) && !operator.has(t))
      .map(([t, at]) => `${at}  ${t}`);
    expect(missing).toEqual([]);
  });

  it('the registration rules’ problems (contract/registerRules.ts problemText)', () => {
    const problems = [
      problemText({ kind: 'required' }),
      problemText({ kind: 'mismatch' }),
      problemText({ kind: 'underAge', minimumAge: 18 }),
      ...Array.from({ length: 25 }, (_, patternId) =>
        problemText({ kind: 'pattern', patternId, min: 6, max: 12 }),
      ),
      problemText({ kind: 'pattern', patternId: 6, min: 6, max: 6 }),
    ];
    expect(problems.filter((t) => !worded(t) && !operator.has(t))).toEqual([]);
  });

  it('lists no operator text a player module does not throw any more, and keys none of them', () => {
    const all = new Set([...moduleTexts().keys(), ...contractTexts().keys()]);
    expect(OPERATOR_TEXTS.filter((t) => !all.has(t))).toEqual([]);
    // None is a key (a placeholder key may still catch one: "{file} is empty" words the back office's "The file is empty").
    expect(OPERATOR_TEXTS.filter((t) => (SERVER_TEXTS as readonly string[]).includes(t))).toEqual([]);
  });
});
