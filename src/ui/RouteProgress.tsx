/** A thin indeterminate bar at the top of the page while a route loads. */
export function RouteProgress({ active, label }: { active: boolean; label: string }) {
  if (!active) return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand/20"
    >
      <div className="h-full w-2/5 bg-accent animate-[progress_1s_ease-in-out_infinite]" />
    </div>
  );
}
