import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { accountRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/login')(accountRoute('login', <Trans>Login</Trans>));
