import { getByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentWidgets } from './content-widgets';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';
import { ACTIVE_SECTION_OFFSET_PX, activeSection } from './scroll-sections';

describe('activeSection', () => {
  it('is the last section whose top has passed the line', () => {
    expect(activeSection([300, 900], 100)).toBe(-1);
    expect(activeSection([100, 900], 100)).toBe(0);
    expect(activeSection([-500, 50, 900], 100)).toBe(1);
    expect(activeSection([-900, -400], 100)).toBe(1);
  });
});

describe('scroll sections', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks the bullet of the section being read, the sticky header counted', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    document.body.innerHTML = `
      <header class="site-header" style="position: sticky"></header>
      <span class="scroll-to" id="story"></span><span class="scroll-to" id="team"></span>
      <nav class="scroll-bullets" aria-label="Sections of this page" data-behaviour="scroll-sections"><ul>
        <li><a class="scroll-bullets__link" href="#story"><span>Our story</span></a></li>
        <li><a class="scroll-bullets__link" href="#team"><span>Our team</span></a></li>
      </ul></nav>`;
    const header = document.querySelector('.site-header');
    const story = document.getElementById('story');
    const team = document.getElementById('team');
    if (header === null || story === null || team === null) throw new Error('bad fixture');
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ height: 80 } as DOMRect);
    const storyTop = vi.spyOn(story, 'getBoundingClientRect').mockReturnValue({ top: 20 } as DOMRect);
    const teamTop = vi.spyOn(team, 'getBoundingClientRect').mockReturnValue({ top: 80 + ACTIVE_SECTION_OFFSET_PX + 1 } as DOMRect);
    createBehaviourRunner({ ...behaviours, ...contentWidgets }).attachAll(document.body);
    const link = (name: string): HTMLElement => getByRole(document.body, 'link', { name });
    expect(link('Our story').getAttribute('aria-current')).toBe('true');
    expect(link('Our team').hasAttribute('aria-current')).toBe(false);

    storyTop.mockReturnValue({ top: -400 } as DOMRect);
    teamTop.mockReturnValue({ top: 80 + ACTIVE_SECTION_OFFSET_PX } as DOMRect);
    window.dispatchEvent(new Event('scroll'));
    for (const cb of frames.splice(0)) cb(0);
    expect(link('Our team').getAttribute('aria-current')).toBe('true');
    expect(link('Our story').hasAttribute('aria-current')).toBe(false);
  });
});
