/** One choice of a few, as a row of toggle buttons (the pressed one is the choice). */
export function Chips<V extends string>({
  options,
  value,
  onChange,
}: {
  options: readonly { value: V; label: string }[];
  value: V | null;
  onChange: (value: V) => void;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={`rounded-full border px-3 py-1.5 text-sm ${
            value === o.value
              ? 'border-brand bg-brand font-semibold text-white'
              : 'border-line hover:bg-line/40'
          }`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
