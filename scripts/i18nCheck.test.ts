import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, checkMessage, parsePo } from './i18nCheck.ts';
import { checkGlossary, checkTerms, parseGlossary } from './i18nGlossary.ts';

const UNREAD = '{unread, plural, =0 {No unread messages} one {# unread message} other {# unread messages}}';

describe('checkMessage', () => {
  it('passes a translation with the same placeholders, tags and the language’s own plural branches', () => {
    expect(
      checkMessage('vi', UNREAD, '{unread, plural, =0 {Không có thư chưa đọc} other {# thư chưa đọc}}'),
    ).toEqual([]);
    expect(
      checkMessage('ja', 'Hello {name}, <0>see</0> {amount}', '{name}さん、{amount} を<0>見る</0>'),
    ).toEqual([]);
    expect(
      checkMessage(
        'es',
        '{n, plural, one {# bet} other {# bets}}',
        '{n, plural, one {# apuesta} many {# de apuestas} other {# apuestas}}',
      ),
    ).toEqual([]);
  });

  it('flags a missing or blank translation', () => {
    expect(checkMessage('ko', 'Deposit', '')).toEqual(['missing translation']);
    expect(checkMessage('ko', 'Deposit', '  ')).toEqual(['missing translation']);
  });

  it('flags a renamed, dropped or retyped placeholder', () => {
    expect(checkMessage('id', 'Win {amount}', 'Menang {jumlah}')[0]).toMatch(
      /placeholders \{jumlah:\} differ from English \{amount:\}/,
    );
    expect(checkMessage('id', 'Win {amount} in {game}', 'Menang {amount}')[0]).toMatch(/placeholders/);
    expect(checkMessage('id', '{n, plural, one {# bet} other {# bets}}', '{n} taruhan')[0]).toMatch(
      /n:plural/,
    );
  });

  it('flags rich-text tags that differ', () => {
    expect(checkMessage('ms', 'Read <0>the rules</0>', 'Baca peraturan')[0]).toMatch(
      /tags none differ from English <\/0><0>/,
    );
    expect(checkMessage('ms', 'Read <0>the rules</0>', 'Baca <1>peraturan</1>')[0]).toMatch(/tags/);
  });

  it('flags plural branches the language does not have, and a missing other', () => {
    expect(
      checkMessage('zh', '{n, plural, one {# game} other {# games}}', '{n, plural, one {# 款} other {# 款}}'),
    ).toEqual(['n: one not a zh plural category (other)']);
    expect(
      checkMessage('hi', '{n, plural, one {# game} other {# games}}', '{n, plural, one {# खेल}}'),
    ).toEqual(['n: no "other" branch']);
  });

  it('flags a translation that is not valid ICU', () => {
    expect(checkMessage('th', 'Win {amount}', 'ชนะ {amount')[0]).toMatch(/does not parse as ICU/);
  });
});

describe('checkCatalogue', () => {
  it('reads a .po file, escaped quotes and continued lines included, and names each problem', () => {
    const po = [
      'msgid ""\nmsgstr ""\n"Language: ko\\n"',
      'msgid "Say \\"hi\\""\nmsgstr "\\"안녕\\" 하고 말하기"',
      'msgid ""\n"Long {a}"\nmsgstr ""\n"긴 "\n"{b}"',
    ].join('\n\n');
    const entries = parsePo(po);
    expect(entries).toEqual([
      { id: 'Say "hi"', str: '"안녕" 하고 말하기' },
      { id: 'Long {a}', str: '긴 {b}' },
    ]);
    const english = entries.map((e) => ({ id: e.id, str: e.id }));
    expect(checkCatalogue('ko', [...english, { id: 'New', str: 'New' }], entries)).toEqual([
      'ko: "Long {a}": placeholders {b:} differ from English {a:}',
      'ko: "New": missing translation',
    ]);
  });
});

const GLOSSARY = [
  '# Glossary',
  '',
  '| Term | Check | Note |',
  '| --- | --- | --- |',
  '| **Money** | | |',
  '| Deposit | ✓ | money in |',
  '| Withdrawal \\| withdraw | ✓ | money out |',
  '| Points \\| !basis point | ✓ | loyalty points |',
  '| Lobby |  | not checked |',
  '',
  '| Term | vi | ta |',
  '| --- | --- | --- |',
  '| Deposit | Nạp tiền \\| nạp | டெபாசிட் |',
  '| Withdrawal | Rút tiền \\| rút | — |',
  '| Points | Điểm | புள்ளி |',
  '| Lobby | Sảnh | லாபி |',
].join('\n');

describe('parseGlossary', () => {
  it('merges a term’s rows across tables, splits escaped alternates and skips headings and dashes', () => {
    const terms = parseGlossary(GLOSSARY);
    expect(terms.map((t) => [t.term, t.checked])).toEqual([
      ['Deposit', true],
      ['Withdrawal', true],
      ['Points', true],
      ['Lobby', false],
    ]);
    expect(terms[1]?.english).toEqual(['Withdrawal', 'withdraw']);
    expect(terms[0]?.forms.get('vi')).toEqual(['Nạp tiền', 'nạp']);
    expect(terms[1]?.forms.has('ta')).toBe(false);
  });
});

describe('checkTerms', () => {
  const glossary = parseGlossary(GLOSSARY);

  it('matches English whole words with their inflections, and any of the language’s forms', () => {
    expect(checkTerms('vi', 'My deposits', 'Lệnh nạp của tôi', glossary)).toEqual([]);
    expect(checkTerms('vi', 'Withdraw your balance', 'Rút số dư', glossary)).toEqual([]);
    expect(checkTerms('vi', 'Depositing…', 'Đang chuyển…', glossary)).toEqual([
      '"Deposit" should read "Nạp tiền" (locales/GLOSSARY.md)',
    ]);
    expect(checkTerms('vi', 'Redeposition', 'Khác', glossary)).toEqual([]); // not the word deposit
  });

  it('leaves unchecked terms, empty cells, placeholders’ names and excluded phrases alone', () => {
    expect(checkTerms('vi', 'Enter lobby', 'Vào phòng', glossary)).toEqual([]);
    expect(checkTerms('ta', 'Withdrawal', 'பணம் எடுத்தல்', glossary)).toEqual([]);
    expect(checkTerms('vi', 'Pay {deposit}', 'Trả {deposit}', glossary)).toEqual([]);
    expect(checkTerms('vi', 'Rates in basis points', 'Tỷ lệ theo điểm cơ bản', glossary)).toEqual([]);
    expect(
      checkTerms('vi', '{n, plural, one {# point} other {# points}}', '{n, plural, other {# xu}}', glossary),
    ).toEqual(['"Points" should read "Điểm" (locales/GLOSSARY.md)']);
  });

  it('holds the shipped catalogues’ messages to locales/GLOSSARY.md, which parses to checked terms', () => {
    const shipped = parseGlossary(readFileSync('locales/GLOSSARY.md', 'utf8'));
    const deposit = shipped.find((t) => t.term === 'Deposit');
    expect(deposit?.checked).toBe(true);
    expect(deposit?.forms.size).toBeGreaterThanOrEqual(18);
    expect(
      checkGlossary('zh', [{ id: 'Deposit', str: '' }], [{ id: 'Deposit', str: '充值' }], shipped),
    ).toEqual(['zh: "Deposit": "Deposit" should read "存款" (locales/GLOSSARY.md)']);
  });
});
