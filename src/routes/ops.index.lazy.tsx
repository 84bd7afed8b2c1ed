import { createLazyFileRoute } from '@tanstack/react-router';
import { OpsHome } from '../ops/OpsPage.tsx';

export const Route = createLazyFileRoute('/ops/')({ component: OpsHome });
