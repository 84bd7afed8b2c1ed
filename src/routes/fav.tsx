import { createFileRoute } from '@tanstack/react-router';
import { gameListPageRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/fav')(gameListPageRoute('fav'));
