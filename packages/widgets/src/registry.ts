import { getArchiveCollectorElement } from './archive-collector/archive-collector.element';
import { getComplaintFormElement } from './complaint-form/complaint-form.element';
import { getLoanCalculatorElement } from './loan-calculator/loan-calculator.element';
import { getPolicyListElement } from './policy-list/policy-list.element';
import { getQrSigningElement } from './qr-signing/qr-signing.element';
import { getRateTableElement } from './rate-table/rate-table.element';
import type { ElementRegistry } from './shared/define';

/** Every element this package defines, by tag: what `defineElements()` and the all-elements script-tag bundle register. */
export const ELEMENTS: ElementRegistry = {
  'gjj-rate-table': getRateTableElement,
  'gjj-loan-calculator': getLoanCalculatorElement,
  'gjj-complaint-form': getComplaintFormElement,
  'gjj-policy-list': getPolicyListElement,
  'gjj-archive-collector': getArchiveCollectorElement,
  'gjj-qr-signing': getQrSigningElement,
};

/** Every tag of {@link ELEMENTS}, in order. */
export const ELEMENT_TAGS = Object.freeze(Object.keys(ELEMENTS));
