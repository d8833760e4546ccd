// The script-tag bundle's loadExtras, put in place of load-extras.ts by rollup.config.mjs: the parts used less often are
// a second file, gjj-loan-calculator.extras.js, beside the main one (companion.standalone.ts). They compute in the
// browser, so the engine file comes first, and its engine is handed on to them.
import { useEffect, useId, useRef, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
// The sdk's input module by path, as the extras' combined-loan and prepayment trials import it (see EXTRAS_SHARED);
// this bundle is built from source.
import * as input from '../../../sdk/src/loan/input';
import * as styles from '../shared/styles';
import { loadCompanion, once } from './companion.standalone';
import { EXTRAS_FILE, EXTRAS_HOOK, type EXTRAS_SHARED, type LoanCalculatorExtras } from './extras-shared';
import * as fields from './fields';
import { loadEngineFile } from './load-modules.standalone';
import * as logic from './logic';
import * as options from './options';
import * as checks from './use-checks';

/** @internal Remembers the script that loaded the bundle (see companion.standalone.ts). */
export { setCompanionScript as setExtrasScript } from './companion.standalone';

/** @internal Loads gjj-loan-calculator.extras.js (after the engine file) once; after a failure, the next call tries again. */
export const loadExtras: () => Promise<LoanCalculatorExtras> = once(() =>
  loadEngineFile().then(({ engine }) =>
    loadCompanion<LoanCalculatorExtras, (typeof EXTRAS_SHARED)[number]>(EXTRAS_FILE, EXTRAS_HOOK, {
      // Only what the parts use, so the rest of the main file's React (shared/react.standalone.ts) can be left out of this bundle.
      react: { useEffect, useId, useRef, useState },
      'react/jsx-runtime': { Fragment, jsx, jsxs },
      '../../../sdk/src/loan/engine': engine,
      '../../../sdk/src/loan/input': input,
      '../shared/styles': styles,
      './fields': fields,
      './logic': logic,
      './options': options,
      './use-checks': checks,
    }),
  ),
);
