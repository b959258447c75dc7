// The one entry, loaded on every page: the theme and the island loader. Island code itself is
// fetched on demand, only where the page has that island.
import './styles/theme.css';
import { startIslands } from './islands/loader';

function start(): void {
  startIslands(document.body);
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
