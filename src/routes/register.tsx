import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { accountRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/register')(accountRoute('register', <Trans>Register</Trans>));
