import { createLazyFileRoute } from '@tanstack/react-router';
import { OpsApp } from '../ops/OpsApp.tsx';

export const Route = createLazyFileRoute('/ops')({ component: OpsApp });
