// Every test file starts with the Store API reply checks provided, as a page has them once its
// first Store API reply or a cart island has loaded them (src/core/api/checks.ts). The loading
// itself is tested in checks.test.ts, and in Chromium by the e2e tests.

import { provideReplyChecks } from '../core/api/checks';
import * as replyCode from '../core/api/reply-code';

provideReplyChecks(replyCode);
