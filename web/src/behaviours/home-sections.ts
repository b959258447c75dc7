// The home page's section behaviours in one chunk, loaded only by a page that has such a
// section (see home-lazy.ts): the shop, product and cart pages never pay for them.

export { animateOnView } from './animate-on-view';
export { countUp } from './count-up';
export { heroSlider } from './hero-slider';
export { socialFeed } from './social-feed';
