import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { soonRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/fav')(soonRoute(<Trans>Favourite games</Trans>));
