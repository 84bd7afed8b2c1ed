import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/help/ContactPage.tsx';

export const Route = createFileRoute('/contact')({
  staticData: { firstScreen: true },
  component: ContactPage,
});
