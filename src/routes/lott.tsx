import { createFileRoute } from '@tanstack/react-router';
import { lobbyRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/lott')(lobbyRoute('LOTT'));
