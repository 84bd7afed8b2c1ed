import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { GatewayDemo } from '../features/member/payments/GatewayDemo.tsx';

/** `/gateway/demo?ref=…`: the demo payment gateway's page, where a deposit's payUrl leads. */
export const Route = createFileRoute('/gateway/demo')({
  validateSearch: searchOf({ ref: text(80, '') }),
  component: function GatewayDemoRoute() {
    const { ref } = Route.useSearch();
    return <GatewayDemo orderRef={ref} />;
  },
});
