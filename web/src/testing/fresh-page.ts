// Vitest runs the test files of a worker one after another in one jsdom window (no
// per-file isolation: a new window per file cost most of the suite's time). This setup file
// runs before each test file and gives it what a newly loaded page would have: none of the
// listeners the files before it left on the document or the window (libraries' own stay),
// an empty document, no cookies and empty storage. Module state is the files' own business (each resets what it starts,
// such as `resetCartRuntime()`).

import { afterAll } from 'vitest';

type Added = readonly [EventTarget, string, EventListenerOrEventListenerObject, boolean | EventListenerOptions | undefined];

const added: Added[] = [];
// The window's own properties as the file found them (tests redefine some: scrollY,
// innerWidth, matchMedia...), and the page's address and root element.
const windowProperties = Object.getOwnPropertyDescriptors(window);
const startUrl = window.location.href;
const rootAttributes = [...document.documentElement.attributes].map((a) => [a.name, a.value] as const);
const pageTargets = (): EventTarget[] => [document, window];
const prototype = EventTarget.prototype;
const originalAdd = Object.getOwnPropertyDescriptor(prototype, 'addEventListener');

// Libraries prepare a document once and mark it as prepared (React's `selectionchange`
// listener, user-event's focus and selection tracking): removing their listeners would leave
// the mark without the listeners, and break them in every later file. They are left alone.
// The frame that called addEventListener is the fourth line of the stack ("Error", this
// function, the patched addEventListener, the caller).
const addedByLibrary = (): boolean => ((new Error().stack ?? '').split('\n')[3] ?? '').includes('/node_modules/');

prototype.addEventListener = function addEventListener(
  this: EventTarget,
  type: string,
  listener: EventListenerOrEventListenerObject | null,
  options?: boolean | AddEventListenerOptions,
): void {
  if (listener !== null && pageTargets().includes(this) && !addedByLibrary()) {
    added.push([this, type, listener, options]);
  }
  (originalAdd?.value as typeof prototype.addEventListener).call(this, type, listener, options);
};

afterAll(() => {
  for (const [target, type, listener, options] of added.splice(0)) {
    target.removeEventListener(type, listener, options);
  }
  if (originalAdd !== undefined) {
    Object.defineProperty(prototype, 'addEventListener', originalAdd);
  }
  for (const [key, before] of Object.entries(windowProperties)) {
    const now = Object.getOwnPropertyDescriptor(window, key);
    const changed = now === undefined || now.value !== before.value || now.get !== before.get || now.set !== before.set;
    if (changed && before.configurable === true && now?.configurable !== false) {
      Object.defineProperty(window, key, before);
    }
  }
  window.history.replaceState(null, '', startUrl);
  for (const { name } of [...document.documentElement.attributes]) {
    document.documentElement.removeAttribute(name);
  }
  for (const [name, value] of rootAttributes) {
    document.documentElement.setAttribute(name, value);
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (name !== '') {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
  localStorage.clear();
  sessionStorage.clear();
});
