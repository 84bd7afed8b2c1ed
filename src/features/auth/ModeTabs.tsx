/** The switch between a form's modes (username/SMS, username/mobile, e-mail/phone). */
export function ModeTabs<M extends string>({
  modes,
  active,
  onSelect,
}: {
  modes: { id: M; label: string }[];
  active: M;
  onSelect: (mode: M) => void;
}) {
  return (
    <div role="tablist" className="flex">
      {modes.map((m) => (
        <button
          key={m.id}
          type="button"
          role="tab"
          aria-selected={active === m.id}
          onClick={() => onSelect(m.id)}
          className={`flex-1 border-b-2 py-2 text-sm font-semibold ${active === m.id ? 'border-brand' : 'border-transparent text-muted'}`}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
