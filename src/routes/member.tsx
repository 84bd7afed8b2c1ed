import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { soonRoute } from '../app/pages.tsx';
import { MEMBER_PAGES } from '../features/soon/areas.tsx';

export const Route = createFileRoute('/member')(
  soonRoute(
    <Trans>Personal Center</Trans>,
    MEMBER_PAGES.map(([, label]) => label),
  ),
);
