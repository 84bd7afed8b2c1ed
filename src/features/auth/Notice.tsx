import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A step's message in a form's place (a code sent, a password changed), with the one button that goes on. The
 * message is a status that takes the focus when it appears: a screen reader reads it at once, and a phone user sees
 * it where the form was, before anything closes.
 */
export function Notice({
  label,
  button,
  onClick,
  children,
}: {
  label: string;
  button: ReactNode;
  onClick: () => void;
  children: ReactNode;
}) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <section aria-label={label} className="flex flex-col gap-4">
      <p ref={message} role="status" tabIndex={-1} className="rounded-lg bg-success/10 p-3 outline-none">
        {children}
      </p>
      <button type="button" className="h-11 rounded-full bg-brand font-semibold text-white" onClick={onClick}>
        {button}
      </button>
    </section>
  );
}
