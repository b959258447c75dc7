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
