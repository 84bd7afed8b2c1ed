import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { soonRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/helpmc')(soonRoute(<Trans>Help center</Trans>));
