import { createFileRoute } from '@tanstack/react-router';
import { accountsSoon } from '../app/pages.tsx';

export const Route = createFileRoute('/register')(accountsSoon());
