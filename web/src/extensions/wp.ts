// The small `wp.*` packages extensions call: i18n, html entities, hooks. Mercato has one
// language (its strings are English), so `__` returns the text and `sprintf` fills `%s`, `%d`
// and numbered `%1$s` placeholders.

/** `sprintf` as `@wordpress/i18n` uses it: `%s`, `%d`, `%f`, `%1$s`, `%%`. */
export function sprintf(format: string, ...args: unknown[]): string {
  let next = 0;
  return format.replace(/%(?:(\d+)\$)?([sdf%])/g, (match, position: string | undefined, kind: string) => {
    if (kind === '%') {
      return '%';
    }
    const value = position !== undefined ? args[Number(position) - 1] : args[next++];
    if (value === undefined) {
      return match;
    }
    if (kind === 'd') {
      return String(Math.trunc(Number(value)));
    }
    if (kind === 'f') {
      return String(Number(value));
    }
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

export const i18n = {
  __: (text: string) => text,
  _x: (text: string) => text,
  _n: (single: string, plural: string, count: number) => (count === 1 ? single : plural),
  _nx: (single: string, plural: string, count: number) => (count === 1 ? single : plural),
  sprintf,
  isRTL: () => false,
  setLocaleData: () => undefined,
};

/** `decodeEntities`: the text an HTML string shows, without running or keeping any markup. */
export function decodeEntities(html: string): string {
  if (typeof html !== 'string' || !html.includes('&')) {
    return html;
  }
  const textarea = document.createElement('textarea');
  textarea.innerHTML = html;
  return textarea.value;
}

type Callback = (...args: unknown[]) => unknown;
interface Hook {
  namespace: string;
  callback: Callback;
  priority: number;
  order: number;
}

/** `wp.hooks`: filters and actions by name, lower priority first, then in the order added. */
export function createHooks(report: (source: string, error: unknown) => void) {
  const filters = new Map<string, Hook[]>();
  const actions = new Map<string, Hook[]>();
  let order = 0;
  const add = (table: Map<string, Hook[]>) => (name: string, namespace: string, callback: Callback, priority = 10) => {
    if (typeof callback !== 'function') {
      return;
    }
    const hooks = [...(table.get(name) ?? []), { namespace, callback, priority, order: order++ }];
    hooks.sort((a, b) => a.priority - b.priority || a.order - b.order);
    table.set(name, hooks);
  };
  const remove = (table: Map<string, Hook[]>) => (name: string, namespace: string) => {
    const hooks = table.get(name) ?? [];
    table.set(
      name,
      hooks.filter((hook) => hook.namespace !== namespace),
    );
    return hooks.length - (table.get(name)?.length ?? 0);
  };
  return {
    addFilter: add(filters),
    addAction: add(actions),
    removeFilter: remove(filters),
    removeAction: remove(actions),
    hasFilter: (name: string) => (filters.get(name)?.length ?? 0) > 0,
    hasAction: (name: string) => (actions.get(name)?.length ?? 0) > 0,
    applyFilters(name: string, value: unknown, ...args: unknown[]): unknown {
      return (filters.get(name) ?? []).reduce((current, hook) => {
        try {
          return hook.callback(current, ...args);
        } catch (error) {
          report(hook.namespace, error);
          return current;
        }
      }, value);
    },
    doAction(name: string, ...args: unknown[]): void {
      for (const hook of actions.get(name) ?? []) {
        try {
          hook.callback(...args);
        } catch (error) {
          report(hook.namespace, error);
        }
      }
    },
  };
}
