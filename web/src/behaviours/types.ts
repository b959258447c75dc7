/**
 * A behaviour: a small enhancement of server HTML that needs no React (SPEC's store notice,
 * listing add-to-cart buttons, later the theme's menus and accordions). The server marks an
 * element with `data-behaviour="name"` (several names may be given, separated by spaces);
 * `attach` runs once per element and may return a function that undoes it.
 */
export interface Behaviour {
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
  attach(el: HTMLElement): void | (() => void);
}

/** Behaviour name (a `data-behaviour` word) → behaviour. */
export type BehaviourRegistry = Readonly<Record<string, Behaviour>>;
