import { createFileRoute } from '@tanstack/react-router';
import { drawnFirst, homeRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/')(drawnFirst(homeRoute()));
