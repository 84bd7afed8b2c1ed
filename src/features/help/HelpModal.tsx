import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { HELP_MODAL_ITEMS, type HelpItem } from '../../../contract/help.ts';
import { Modal } from '../../ui/Modal.tsx';
import { LoadError } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import { HelpItems } from './HelpItems.tsx';
import { helpCenterQuery } from './queries.ts';

/** The hash that moves to the feedback form rather than to a help item (/help#feedback). */
const FEEDBACK = 'feedback';

function LinkedItems({ items: all, hash }: { items: HelpItem[]; hash: string }) {
  const first = all.slice(0, HELP_MODAL_ITEMS);
  // A linked item (the terms, about us) shows even when it is not among the first ones.
  const linked = hash ? all.find((i) => i.anchor === hash) : undefined;
  const items = linked && !first.includes(linked) ? [...first, linked] : first;
  return (
    <>
      <HelpItems key={hash} items={items} open={linked?.id} focus={hash !== FEEDBACK} />
      <Link to="/helpmc" className="self-end text-sm font-semibold text-accent-ink">
        <Trans>More help topics</Trans>
      </Link>
    </>
  );
}

/**
 * The items with the way to all of them, and the form: shown together once the items are in (or failed), so focus
 * lands on what the link is about rather than on the first field there happened to be.
 */
function ModalBody({ hash }: { hash: string }) {
  const { i18n } = useLingui();
  const help = useQuery(helpCenterQuery(i18n.locale));
  if (help.isPending) return <Skeleton className="h-72 w-full" />;
  return (
    <>
      {help.isError ? (
        <LoadError error={help.error} onRetry={() => void help.refetch()} />
      ) : (
        <LinkedItems items={help.data} hash={hash} />
      )}
      <section id={FEEDBACK} aria-labelledby="help-feedback-title" className="flex flex-col gap-2">
        <h3 id="help-feedback-title" className="font-semibold">
          <Trans>Feedback</Trans>
        </h3>
        <FeedbackForm key={hash} focus={hash === FEEDBACK} />
      </section>
    </>
  );
}

/**
 * The help modal (spec §2, /help): the first help items, a way to all of them (/helpmc) and the feedback form.
 * `hash` is the link's fragment: `term`, `about` (an item's anchor) or `feedback`.
 */
export function HelpModal({ hash, onClose }: { hash: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal open title={<Trans>Help center</Trans>} closeLabel={t`Close`} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <ModalBody hash={hash} />
      </div>
    </Modal>
  );
}
