import { backToTop } from './back-to-top';
import { cardSwatches } from './card-swatches';
import { dropdownMenu } from './dropdown-menu';
import { headerCart } from './header-cart';
import { homeSection, lottieBehaviour, mediaBehaviour } from './lazy-chunk';
import { inputDescription } from './input-description';
import { listing } from './listing';
import { liveSearch } from './live-search';
import { loginPopup } from './login-popup';
import { mobileMenu } from './mobile-menu';
import { passwordToggle } from './password-toggle';
import { productAddons } from './product-addons';
import { productGallery } from './product-gallery';
import { productReviews } from './product-reviews';
import { productTabs } from './product-tabs';
import { quantityStepper } from './quantity-stepper';
import { quickView } from './quick-view';
import { siteHeader } from './site-header';
import { stickyAddToCart } from './sticky-add-to-cart';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';
import { variationForm } from './variation-form';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'animate-on-view': homeSection('animate-on-view'),
  'back-to-top': backToTop,
  'background-video': mediaBehaviour('background-video'),
  'card-swatches': cardSwatches,
  'count-up': homeSection('count-up'),
  'dropdown-menu': dropdownMenu,
  'header-cart': headerCart,
  'home-gallery': mediaBehaviour('home-gallery'),
  'hero-slider': homeSection('hero-slider'),
  'input-description': inputDescription,
  lightbox: mediaBehaviour('lightbox'),
  listing,
  'live-search': liveSearch,
  'login-popup': loginPopup,
  lottie: lottieBehaviour('lottie'),
  'mobile-menu': mobileMenu,
  'page-lightbox': mediaBehaviour('page-lightbox'),
  'password-toggle': passwordToggle,
  'product-addons': productAddons,
  'product-gallery': productGallery,
  'product-reviews': productReviews,
  'product-tabs': productTabs,
  'quantity-stepper': quantityStepper,
  'quick-view': quickView,
  'site-header': siteHeader,
  'social-feed': homeSection('social-feed'),
  'sticky-add-to-cart': stickyAddToCart,
  'store-notice': storeNotice,
  'variation-form': variationForm,
  'video-link': mediaBehaviour('video-link'),
} satisfies BehaviourRegistry;
