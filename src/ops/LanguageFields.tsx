import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { Locale } from '../../contract/merchant.ts';
import { LOCALES } from '../i18n/i18n.ts';
import { serverField } from '../ui/records/form.tsx';
import { languageName } from './languageNames.ts';
import { useOps } from './session.ts';
import { InputField, opsInlineInput, TextAreaField } from './ui.tsx';

export type Texts = { en: string } & Partial<Record<Locale, string>>;
export const NO_TEXTS: Texts = { en: '', vi: '', th: '', zh: '' };

/** What a per-language field sends (contract/texts.ts `perLanguage`): the languages filled in, English required. */
export function filled(texts: Texts): Partial<Texts> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== '')) as Partial<Texts>;
}

/**
 * One text per language, each with the server's message for `<name>.<locale>` under it; `area` for HTML contents.
 * English and the languages the picked merchant offers are shown, and any other language that holds a text or a
 * message; the rest are a pick away ("Add a language"), not eighteen empty fields.
 */
export function LanguageFields({
  name,
  label,
  texts,
  onChange,
  error,
  area,
  maxLength,
}: {
  name: string;
  label: (language: string) => ReactNode;
  texts: Texts;
  onChange: (texts: Texts) => void;
  error: unknown;
  area?: boolean;
  maxLength?: number;
}) {
  const { t, i18n } = useLingui();
  const { merchant } = useOps();
  const [opened, setOpened] = useState<Locale[]>([]);
  const message = (code: Locale) =>
    serverField(error, `${name}.${code}`) ?? (code === 'en' ? serverField(error, name) : undefined);
  const shown = (code: Locale) =>
    code === 'en' ||
    (merchant.languages as readonly Locale[]).includes(code) ||
    opened.includes(code) ||
    (texts[code] ?? '').trim() !== '' ||
    message(code) !== undefined;
  const rest = LOCALES.filter((code) => !shown(code));
  return (
    <>
      {LOCALES.filter(shown).map((code) => {
        const props = {
          label: label(languageName(code, i18n.locale)),
          value: texts[code] ?? '',
          maxLength,
          message: message(code),
        };
        const set = (text: string) => onChange({ ...texts, [code]: text });
        return area ? (
          <TextAreaField key={code} mono {...props} onChange={(e) => set(e.target.value)} />
        ) : (
          <InputField key={code} {...props} onChange={(e) => set(e.target.value)} />
        );
      })}
      {rest.length > 0 && (
        <select
          aria-label={t`Add a language`}
          className={opsInlineInput}
          value=""
          onChange={(e) => setOpened((was) => [...was, e.target.value as Locale])}
        >
          <option value="" disabled>
            {t`Add a language…`}
          </option>
          {rest.map((code) => (
            <option key={code} value={code}>
              {languageName(code, i18n.locale)}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

/** An item's title (at most 200 characters) and HTML content in every language: announcements and help items. */
export function TitleAndContentFields({
  titles,
  contents,
  onTitles,
  onContents,
  error,
}: {
  titles: Texts;
  contents: Texts;
  onTitles: (texts: Texts) => void;
  onContents: (texts: Texts) => void;
  error: unknown;
}) {
  return (
    <>
      <LanguageFields
        name="titles"
        label={(language) => <Trans>Title ({language})</Trans>}
        texts={titles}
        onChange={onTitles}
        error={error}
        maxLength={200}
      />
      <LanguageFields
        name="contents"
        area
        label={(language) => <Trans>Content, HTML ({language})</Trans>}
        texts={contents}
        onChange={onContents}
        error={error}
      />
    </>
  );
}
