import { createFileRoute } from '@tanstack/react-router';
import { drawnFirst, lobbyRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/fish')(drawnFirst(lobbyRoute('FISH')));
