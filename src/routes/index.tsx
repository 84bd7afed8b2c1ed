import { createFileRoute } from '@tanstack/react-router';
import { homeRoute } from '../app/pages.tsx';

export const Route = createFileRoute('/')(homeRoute());
