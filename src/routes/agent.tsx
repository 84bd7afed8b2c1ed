import { createFileRoute } from '@tanstack/react-router';
import { AgentCentre } from '../features/agent/AgentCentre.tsx';
import { agentSearch } from '../features/agent/pages.ts';

/** `/agent?page=…`: the agent centre (spec §2); an unknown page opens the team overview. */
export const Route = createFileRoute('/agent')({
  validateSearch: agentSearch,
  component: function AgentRoute() {
    const { page } = Route.useSearch();
    return <AgentCentre page={page} />;
  },
});
