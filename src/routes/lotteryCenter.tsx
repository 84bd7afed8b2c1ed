import { createFileRoute } from '@tanstack/react-router';
import { LotteryCenter } from '../features/lottery/LotteryCenter.tsx';

export const Route = createFileRoute('/lotteryCenter')({ component: LotteryCenter });
