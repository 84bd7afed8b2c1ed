import { createFileRoute } from '@tanstack/react-router';
import { PointMall } from '../features/points/PointMall.tsx';

/** `/pointMall`: the points mall (spec §2, PTSYS3). */
export const Route = createFileRoute('/pointMall')({ component: PointMall });
