import { createFileRoute } from '@tanstack/react-router';
import { memberSlots } from '../app/memberSlots.tsx';
import { MemberCentre } from '../features/member/MemberCentre.tsx';
import { memberSearch } from '../features/member/pages.ts';

/** `/member?page=…`: the Personal Center (spec §2); an unknown page opens My Account. */
export const Route = createFileRoute('/member')({
  validateSearch: memberSearch,
  component: function MemberRoute() {
    const { page } = Route.useSearch();
    return <MemberCentre page={page} slots={memberSlots} />;
  },
});
