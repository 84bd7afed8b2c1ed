import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { soonRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/promotions')(soonRoute(<Trans>Promotions</Trans>));
