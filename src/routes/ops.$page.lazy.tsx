import { createLazyFileRoute } from '@tanstack/react-router';
import { OpsPage } from '../ops/OpsPage.tsx';

export const Route = createLazyFileRoute('/ops/$page')({ component: OpsPage });
