import { useLingui } from '@lingui/react/macro';
import type { Classify } from '../../../machines/gameList.machine.ts';
import { GAME_CLASS_LABEL } from '../../i18n/labels.ts';
import { showsClassTabs } from './classes.ts';

/** A class the catalogue has no label for shows its code in words ('VIDEO_POKER' → 'Video poker'). */
const spelled = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replaceAll('_', ' ');

/**
 * The classification strip of a lobby (spec §2): one toggle button per class, the active one pressed; hidden when
 * there is only one class.
 */
export function ClassTabs({
  id,
  classes,
  active,
  onSelect,
}: {
  id?: string;
  classes: Classify[];
  active: Classify;
  onSelect: (classify: Classify) => void;
}) {
  const { t, i18n } = useLingui();
  if (!showsClassTabs(classes)) return null;
  return (
    <fieldset id={id} className="flex min-w-0 gap-2 overflow-x-auto pb-1">
      <legend className="sr-only">{t`Game classes`}</legend>
      {classes.map((c) => {
        const label = GAME_CLASS_LABEL[c];
        const pressed = c === active;
        return (
          <button
            key={c}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(c)}
            className={`h-9 shrink-0 rounded-full border px-4 text-sm font-medium ${pressed ? 'border-brand bg-brand text-white' : 'border-line bg-raised hover:border-brand'}`}
          >
            {label ? i18n._(label) : spelled(c)}
          </button>
        );
      })}
    </fieldset>
  );
}
