import { createFileRoute } from '@tanstack/react-router';
import { drawnFirst, gameListPageRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/hot')(drawnFirst(gameListPageRoute('hot')));
