import { fireEvent, getByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { contentWidgets } from './content-widgets';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

// The markup crates/core/src/content/widgets.rs writes for a group of three tabs.
const markup = `
  <div class="tabs" data-behaviour="tabs">
    <div class="tabs__list" role="tablist"><button type="button" class="tabs__tab" role="tab" id="story-tab" aria-controls="story" aria-selected="true" tabindex="0">Story</button><button type="button" class="tabs__tab" role="tab" id="team-tab" aria-controls="team" aria-selected="false" tabindex="-1">Team</button><button type="button" class="tabs__tab" role="tab" id="values-tab" aria-controls="values" aria-selected="false" tabindex="-1">Values</button></div>
    <div class="tabs__panel is-selected" id="story" role="tabpanel" aria-labelledby="story-tab" tabindex="0"><h3 class="tabs__heading">Story</h3><p>Once.</p></div>
    <div class="tabs__panel" id="team" role="tabpanel" aria-labelledby="team-tab" tabindex="0"><h3 class="tabs__heading">Team</h3><p id="founders">Us.</p></div>
    <div class="tabs__panel" id="values" role="tabpanel" aria-labelledby="values-tab" tabindex="0"><h3 class="tabs__heading">Values</h3><p>Fair.</p></div>
  </div>`;

function load(url: string): void {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = markup;
  createBehaviourRunner({ ...behaviours, ...contentWidgets }).attachAll(document.body);
}

const tab = (name: string): HTMLElement => getByRole(document.body, 'tab', { name });
function panel(name: string): HTMLElement {
  const found = document.getElementById(tab(name).getAttribute('aria-controls') ?? '');
  if (found?.getAttribute('role') !== 'tabpanel') throw new Error(`no panel for ${name}`);
  return found;
}

function expectSelected(name: string): void {
  for (const other of ['Story', 'Team', 'Values']) {
    const selected = other === name;
    expect(tab(other).getAttribute('aria-selected'), other).toBe(String(selected));
    expect(tab(other).tabIndex, other).toBe(selected ? 0 : -1);
    expect(panel(other).hidden, other).toBe(!selected);
  }
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('content tabs', () => {
  it('show the first tab, or the one whose panel holds what the hash names', () => {
    load('/about/');
    expectSelected('Story');
    load('/about/#values');
    expectSelected('Values');
    load('/about/#founders');
    expectSelected('Team');
    load('/about/#nothing');
    expectSelected('Story');
  });

  it('move with the arrow keys, Home and End, the focus following', () => {
    load('/about/');
    tab('Story').focus();
    fireEvent.keyDown(tab('Story'), { key: 'ArrowRight' });
    expectSelected('Team');
    expect(document.activeElement).toBe(tab('Team'));
    fireEvent.keyDown(tab('Team'), { key: 'End' });
    expectSelected('Values');
    fireEvent.keyDown(tab('Values'), { key: 'ArrowRight' });
    expectSelected('Story');
    fireEvent.keyDown(tab('Story'), { key: 'ArrowLeft' });
    expectSelected('Values');
    fireEvent.keyDown(tab('Values'), { key: 'Home' });
    expectSelected('Story');
    fireEvent.keyDown(tab('Story'), { key: 'a' });
    expectSelected('Story');
  });

  it('select on click and on a later hash change', () => {
    load('/about/');
    tab('Values').click();
    expectSelected('Values');
    window.history.replaceState(null, '', '#team');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expectSelected('Team');
  });
});
