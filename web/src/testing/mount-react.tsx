// Renders React into a fresh container for component tests (no @testing-library/react: React
// 19's createRoot and act are all it takes), and unmounts it afterwards.

import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A mounted tree: its container, a re-render and an unmount. */
export interface Mounted {
  container: HTMLElement;
  rerender(node: ReactNode): void;
  unmount(): void;
}

/** Mounts `node` in a new element of the document's body. */
export function mountReact(node: ReactNode): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  act(() => {
    root.render(node);
  });
  return {
    container,
    rerender(next) {
      act(() => {
        root.render(next);
      });
    },
    unmount() {
      act(() => {
        root.unmount();
      });
      container.remove();
    },
  };
}

/** Runs a user-event interaction inside act, so React applies its updates before the next line. */
export async function interact(run: () => Promise<unknown>): Promise<void> {
  await act(async () => {
    await run();
  });
}

// Typing helpers. user-event's typing keeps its own record of each field's value through
// listeners it puts on the document once per module; the test setup (fresh-page.ts) removes
// document listeners between files, so a second file's typing would be lost. These set the
// value as the browser does and send the events React listens to.

const valueSetter = (element: HTMLInputElement | HTMLSelectElement): ((value: string) => void) => {
  const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'value');
  return (value) => {
    // The prototype's setter, called on the element: React watches values set through it.
    descriptor?.set?.call(element, value);
  };
};

/** Focuses `element` and gives it `value`, as typing or choosing would. */
export function enter(element: HTMLElement, value: string): void {
  if (!(element instanceof HTMLInputElement) && !(element instanceof HTMLSelectElement)) {
    throw new Error('enter() needs an input or a select');
  }
  act(() => {
    element.focus();
    valueSetter(element)(value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** Types `text` after what `input` holds. */
export function typeInto(element: HTMLElement, text: string): void {
  enter(element, `${(element as HTMLInputElement).value}${text}`);
}

/** Chooses the option of `select` whose text is `label`. */
export function choose(select: HTMLElement, label: string): void {
  const option = [...(select as HTMLSelectElement).options].find((o) => o.text === label);
  if (option === undefined) {
    throw new Error(`no option "${label}"`);
  }
  enter(select, option.value);
}

/** Moves the focus out of the focused element, as Tab would. */
export function leave(): void {
  act(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
}
