import { useId, useState, type ReactNode } from 'react';

interface CollapsiblePanelProps {
  /** The toggle button's text ("Add a coupon"). */
  readonly title: string;
  readonly children: ReactNode;
  readonly className?: string;
  /** Open at first; closed by default (SPEC §2.8). */
  readonly initiallyOpen?: boolean;
}

/** A panel toggled by a button (SPEC §2.8), closed by default; its content is not rendered while closed. */
export function CollapsiblePanel({ title, children, className, initiallyOpen = false }: CollapsiblePanelProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return (
    <div className={`wc-block-components-panel panel${open ? ' is-open' : ''}${className === undefined ? '' : ` ${className}`}`}>
      <button
        type="button"
        className="wc-block-components-panel__button panel__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        {title}
      </button>
      <div id={id} className="wc-block-components-panel__content panel__content" hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
