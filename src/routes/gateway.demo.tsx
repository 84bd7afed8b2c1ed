import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { GatewayDemo } from '../features/member/GatewayDemo.tsx';

/** `/gateway/demo?ref=…`: the demo payment gateway's page, where a deposit's payUrl leads. */
export const Route = createFileRoute('/gateway/demo')({
  validateSearch: z.object({ ref: z.string().max(80).catch('').default('') }),
  component: function GatewayDemoRoute() {
    const { ref } = Route.useSearch();
    return <GatewayDemo orderRef={ref} />;
  },
});
