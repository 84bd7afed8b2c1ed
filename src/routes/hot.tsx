import { createFileRoute } from '@tanstack/react-router';
import { gameListPageRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/hot')(gameListPageRoute('hot'));
