// Cookie names are RFC 6265 tokens; anything else would be silently mangled by the browser.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

const DAY_MS = 86_400_000;

export interface CookieOptions {
  /** Lifetime in days (SPEC §9.1: the cookie helper takes its expiry in days). Absent: a session cookie. */
  readonly days?: number;
}

/**
 * Sets a cookie on path `/` with SameSite=Lax, and Secure when the page is served over HTTPS.
 * The value is percent-encoded.
 */
export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (!COOKIE_NAME.test(name)) {
    throw new TypeError(`Invalid cookie name ${JSON.stringify(name)}`);
  }
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/'];
  if (options.days !== undefined) {
    parts.push(`expires=${new Date(Date.now() + options.days * DAY_MS).toUTCString()}`);
  }
  parts.push('SameSite=Lax');
  if (window.location.protocol === 'https:') {
    parts.push('Secure');
  }
  document.cookie = parts.join('; ');
}

/** The decoded value of a cookie, or undefined when it is not set. */
export function getCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) {
      return decodeURIComponent(pair.slice(eq + 1).trim());
    }
  }
  return undefined;
}
