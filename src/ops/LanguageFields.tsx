import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '../../contract/merchant.ts';
import { LOCALES } from '../i18n/i18n.ts';
import { serverField } from '../ui/records/form.tsx';
import { InputField, TextAreaField } from './ui.tsx';

export type Texts = { en: string } & Partial<Record<Locale, string>>;
export const NO_TEXTS: Texts = { en: '', vi: '', th: '', zh: '' };

/** What a per-language field sends (contract/texts.ts `perLanguage`): the languages filled in, English required. */
export function filled(texts: Texts): Partial<Texts> {
  return Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== '')) as Partial<Texts>;
}

/**
 * One text in every language (English, Vietnamese, Thai, Chinese), each with the server's message for `<name>.<locale>` under it;
 * `area` for HTML contents.
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
  const { t } = useLingui();
  const languageName: Partial<Record<Locale, string>> = {
    en: t`English`,
    vi: t`Vietnamese`,
    th: t`Thai`,
    zh: t`Chinese`,
  };
  return (
    <>
      {LOCALES.map((code) => {
        const props = {
          label: label(languageName[code] ?? code),
          // TODO(issue 30 item 3): the merchant's languages first, the others on demand.
          value: texts[code] ?? '',
          maxLength,
          message:
            serverField(error, `${name}.${code}`) ?? (code === 'en' ? serverField(error, name) : undefined),
        };
        const set = (text: string) => onChange({ ...texts, [code]: text });
        return area ? (
          <TextAreaField key={code} mono {...props} onChange={(e) => set(e.target.value)} />
        ) : (
          <InputField key={code} {...props} onChange={(e) => set(e.target.value)} />
        );
      })}
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
