import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from './cookies';

function cookieWrites() {
  return vi.spyOn(Document.prototype, 'cookie', 'set');
}

afterEach(() => {
  document.cookie = 'mercato_test=; path=/; max-age=0';
});

describe('setCookie', () => {
  it('writes a session cookie on path / with SameSite=Lax by default', () => {
    const writes = cookieWrites();

    setCookie('mercato_test', 'a b;c');

    expect(writes).toHaveBeenCalledWith('mercato_test=a%20b%3Bc; path=/; SameSite=Lax');
    expect(getCookie('mercato_test')).toBe('a b;c');
  });

  it('takes its expiry in days', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const writes = cookieWrites();

    setCookie('mercato_test', '1', { days: 2 });
    vi.useRealTimers();

    expect(writes).toHaveBeenCalledWith(
      'mercato_test=1; path=/; expires=Sat, 03 Jan 2026 00:00:00 GMT; SameSite=Lax',
    );
  });

  it('rejects a name the browser would mangle', () => {
    expect(() => {
      setCookie('bad name;', 'x');
    }).toThrow(TypeError);
  });
});

describe('getCookie', () => {
  it('is undefined for a cookie that is not set', () => {
    expect(getCookie('mercato_absent')).toBeUndefined();
  });
});
