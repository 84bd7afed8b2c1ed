import { createFileRoute } from '@tanstack/react-router';
import { SeamlessPage } from '../features/seamless/SeamlessPage.tsx';

export const Route = createFileRoute('/seamless')({ component: SeamlessPage });
