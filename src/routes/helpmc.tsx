import { createFileRoute, useLocation } from '@tanstack/react-router';
import { HelpPage } from '../features/help/HelpPage.tsx';

export const Route = createFileRoute('/helpmc')({
  staticData: { firstScreen: true },
  component: HelpMcRoute,
});

function HelpMcRoute() {
  const hash = useLocation({ select: (l) => l.hash });
  return <HelpPage hash={hash} />;
}
