import { createFileRoute } from '@tanstack/react-router';
import { drawnFirst, lobbyRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/pvp')(drawnFirst(lobbyRoute('PVP')));
