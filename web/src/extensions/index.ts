// The globals chunk's entry (issue 25): printed by the server as a module script before the
// extension scripts on a page whose settings list extensions (web/README.md, "Extensions").
// Installs `wc.*`, `wp.*`, `React`, `ReactDOM` and `ReactJSXRuntime` over the page's host.
import { extensionHost, pageExtensions } from '../registry/host';
import { installGlobals } from './globals';

if (pageExtensions(document).length > 0) {
  installGlobals(window, extensionHost(window));
}
