// A modal dialog on the native <dialog> element: it traps focus, Escape closes it,
// and focus returns to where it was.

import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Modal({
  title,
  onClose,
  children,
  class: className = '',
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  class?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, []);
  const id = `dlg-${title.length}-${title.charCodeAt(0)}`;
  return (
    <dialog
      ref={ref}
      class={`modal ${className}`}
      aria-labelledby={id}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </dialog>
  );
}
