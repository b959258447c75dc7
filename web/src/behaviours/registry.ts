import { animateOnView } from './animate-on-view';
import { cardSwatches } from './card-swatches';
import { countUp } from './count-up';
import { headerCart } from './header-cart';
import { heroSlider } from './hero-slider';
import { inputDescription } from './input-description';
import { listing } from './listing';
import { loginPopup } from './login-popup';
import { passwordToggle } from './password-toggle';
import { liveSearch } from './live-search';
import { productAddons } from './product-addons';
import { productGallery } from './product-gallery';
import { productReviews } from './product-reviews';
import { productTabs } from './product-tabs';
import { quantityStepper } from './quantity-stepper';
import { quickView } from './quick-view';
import { socialFeed } from './social-feed';
import { stickyAddToCart } from './sticky-add-to-cart';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';
import { variationForm } from './variation-form';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'animate-on-view': animateOnView,
  'card-swatches': cardSwatches,
  'count-up': countUp,
  'header-cart': headerCart,
  'hero-slider': heroSlider,
  'input-description': inputDescription,
  listing,
  'live-search': liveSearch,
  'login-popup': loginPopup,
  'password-toggle': passwordToggle,
  'product-addons': productAddons,
  'product-gallery': productGallery,
  'product-reviews': productReviews,
  'product-tabs': productTabs,
  'quantity-stepper': quantityStepper,
  'quick-view': quickView,
  'social-feed': socialFeed,
  'sticky-add-to-cart': stickyAddToCart,
  'store-notice': storeNotice,
  'variation-form': variationForm,
} satisfies BehaviourRegistry;
