import { createFileRoute } from '@tanstack/react-router';
import { drawnFirst, lobbyRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/sports')(drawnFirst(lobbyRoute('SPORTS')));
