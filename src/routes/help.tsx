import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { homeRoute } from '../app/pages.tsx';
import { HelpModal } from '../features/help/HelpModal.tsx';

const home = homeRoute();

export const Route = createFileRoute('/help')({
  staticData: { firstScreen: true },
  loader: home.loader,
  component: HelpRoute,
});

/** /help (spec §2): the home page with the help modal over it; closing the modal leaves for home. */
function HelpRoute() {
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();
  return (
    <>
      <home.component />
      <HelpModal hash={hash} onClose={() => void navigate({ to: '/' })} />
    </>
  );
}
