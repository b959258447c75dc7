// The one entry, loaded on every page: the theme, the behaviours (small vanilla enhancements
// of the server's HTML) and the island loader. Island code itself is fetched on demand, only
// where the page has that island.
import './styles/theme.css';
import { behaviours } from './behaviours/registry';
import { createBehaviourRunner } from './behaviours/runner';
import { startIslands } from './islands/loader';

function start(): void {
  const runner = createBehaviourRunner(behaviours);
  runner.attachAll(document.body);
  runner.observe(document.body);
  startIslands(document.body);
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start, { once: true });
} else {
  start();
}
