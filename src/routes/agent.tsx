import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { soonRoute } from '../app/pages.tsx';
import { AGENT_PAGES } from '../features/soon/areas.tsx';

export const Route = createFileRoute('/agent')(soonRoute(<Trans>Agent centre</Trans>, AGENT_PAGES));
