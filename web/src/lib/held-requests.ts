// Requests kept until someone listens, then delivered at once: for a part of the page that is
// asked to do something before it is ready (the mini cart asked to open by a click taken when
// the island mounted, before React attached the drawer).

type Listener = () => void;

/** Requests kept until someone listens, then delivered at once. */
export interface HeldRequests {
  /** Delivers the request, or keeps it; `true` when a listener took it now. */
  request(): boolean;
  /** Listens (one listener at a time); a kept request is delivered at once. */
  listen(run: Listener): () => void;
}

export function heldRequests(): HeldRequests {
  let listener: Listener | null = null;
  let pending = false;
  return {
    request() {
      if (listener === null) {
        pending = true;
        return false;
      }
      listener();
      return true;
    },
    listen(run) {
      listener = run;
      if (pending) {
        pending = false;
        run();
      }
      return () => {
        if (listener === run) {
          listener = null;
        }
      };
    },
  };
}
