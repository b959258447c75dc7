import { backToTop } from './back-to-top';
import { cardSwatches } from './card-swatches';
import { dropdownMenu } from './dropdown-menu';
import { headerCart } from './header-cart';
import { headerSearch } from './header-search';
import {
  accountForm,
  contentWidget,
  homeSection,
  homeSectionBelow,
  lightboxBehaviour,
  listingPart,
  liveSearchPart,
  lottieBehaviour,
  mediaBlock,
  productPart,
  sidebarChunk,
} from './lazy-chunk';
import { lightboxOnDemand } from './lightbox-on-demand';
import { loginPopup } from './login-popup';
import { mobileMenu } from './mobile-menu';
import { quantityStepper } from './quantity-stepper';
import { quickView } from './quick-view';
import { siteHeader } from './site-header';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';
import { variationForm } from './variation-form';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  accordion: contentWidget('accordion'),
  'animate-on-view': homeSection('animate-on-view'),
  'back-to-top': backToTop,
  'background-video': mediaBlock('background-video'),
  'card-swatches': cardSwatches,
  'count-up': homeSectionBelow('count-up'),
  'dropdown-menu': dropdownMenu,
  'header-cart': headerCart,
  'header-search': headerSearch,
  'home-gallery': mediaBlock('home-gallery'),
  'hero-slider': homeSection('hero-slider'),
  'input-description': accountForm('input-description'),
  lightbox: lightboxOnDemand(lightboxBehaviour('lightbox')),
  listing: listingPart('listing'),
  'live-search': liveSearchPart('live-search'),
  'login-popup': loginPopup,
  lottie: lottieBehaviour('lottie'),
  'mobile-menu': mobileMenu,
  'page-lightbox': lightboxBehaviour('page-lightbox'),
  'password-toggle': accountForm('password-toggle'),
  'product-addons': productPart('product-addons'),
  'product-gallery': productPart('product-gallery'),
  'product-reviews': productPart('product-reviews'),
  'product-tabs': productPart('product-tabs'),
  'quantity-stepper': quantityStepper,
  'quick-view': quickView,
  'read-more': contentWidget('read-more'),
  'scroll-sections': contentWidget('scroll-sections'),
  'sidebar-tabs': sidebarChunk('sidebar-tabs'),
  'site-header': siteHeader,
  'social-feed': homeSectionBelow('social-feed'),
  'sticky-add-to-cart': productPart('sticky-add-to-cart'),
  'store-notice': storeNotice,
  tabs: contentWidget('tabs'),
  tooltip: contentWidget('tooltip'),
  'variation-form': variationForm,
  'video-link': mediaBlock('video-link'),
} satisfies BehaviourRegistry;
