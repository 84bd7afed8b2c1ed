import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/constants.ts';
import { MASK, renderMessage, type TemplateName } from './messageTemplates.ts';

const NAMES: TemplateName[] = ['smsRegister', 'smsLogin', 'passwordResetEmail'];
const VARS = {
  brand: 'Portico',
  code: '493817',
  minutes: 10,
  link: 'https://example.test/reset?code=493817',
};
/** Languages written in a script of their own: an English word left in them is a missed translation. */
const NON_LATIN = ['th', 'zh', 'zh-Hant', 'ja', 'ko', 'km', 'my', 'lo', 'hi', 'bn', 'ta', 'te'];

// GSM 03.38 basic set: text made only of these goes out as 7-bit (160 a segment), anything else as UCS-2 (70).
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;
const segments = (text: string) =>
  GSM7.test(text)
    ? text.length <= 160
      ? 1
      : Math.ceil(text.length / 153)
    : text.length <= 70
      ? 1
      : Math.ceil(text.length / 67);

describe('message templates', () => {
  it.each(LOCALES)(
    '%s: every template is written, carries its variables, and no other language',
    (language) => {
      for (const name of NAMES) {
        const { subject, body, preview } = renderMessage(name, language, VARS);
        expect(body).toContain(VARS.brand);
        expect(body).toContain(VARS.code);
        expect(body).toContain(String(VARS.minutes));
        expect(preview).not.toContain(VARS.code);
        expect(preview).toContain(MASK);
        if (name === 'passwordResetEmail') {
          expect(subject).toContain(VARS.brand);
          expect(body).toContain(VARS.link);
          expect(renderMessage(name, language, { ...VARS, link: '' }).body).not.toContain('\n\n');
        } else expect(subject).toBeUndefined();
        if (language !== 'en') {
          expect(body).not.toBe(renderMessage(name, 'en', VARS).body);
          if (subject) expect(subject).not.toBe(renderMessage(name, 'en', VARS).subject);
        }
        if (NON_LATIN.includes(language)) {
          const words = `${subject ?? ''} ${body}`.replaceAll(VARS.brand, '').replaceAll(VARS.link, '');
          expect(words, `${language} ${name}`).not.toMatch(/[A-Za-z]{2,}/);
        }
      }
    },
  );

  it('words a message as written, variables in place', () => {
    expect(renderMessage('smsLogin', 'id', VARS).body).toBe(
      'Portico: kode verifikasi Anda 493817. Berlaku 10 menit. Jangan berikan kepada siapa pun.',
    );
    expect(renderMessage('smsRegister', 'km', VARS).body).toBe(
      'Portico: លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ 493817។ ផុតកំណត់ក្នុង 10 នាទី។',
    );
    expect(renderMessage('passwordResetEmail', 'es', VARS).subject).toBe(
      'Portico: tu código para restablecer la contraseña',
    );
  });

  it('keeps every SMS within two segments (a Unicode segment holds 70 characters)', () => {
    const lengths = LOCALES.flatMap((language) =>
      (['smsRegister', 'smsLogin'] as const).map((name) => {
        const { body } = renderMessage(name, language, VARS);
        return { language, name, length: body.length, segments: segments(body) };
      }),
    );
    const unicode = lengths.filter((l) => !GSM7.test(renderMessage(l.name, l.language, VARS).body));
    // What messageTemplates.ts's comment says: keep the two together.
    expect(unicode.reduce((a, b) => (b.length > a.length ? b : a))).toMatchObject({
      language: 'ta',
      length: 106,
    });
    for (const l of lengths)
      expect(l.segments, `${l.language} ${l.name}: ${l.length}`).toBeLessThanOrEqual(2);
    expect(segments(`${'x'.repeat(70)}ệ`)).toBe(2);
    expect(segments('x'.repeat(160))).toBe(1);
  });
});
