// The rollup build of the script-tag files (rollup.config.mjs): how the calculator's extras file takes React, preact
// and the shared modules from the main file, and that it refuses any other copy.
import { resolve } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node config, untyped
import { sharedFromMainFile } from '../rollup.config.mjs';

const CALCULATOR = resolve(import.meta.dirname, '../src/loan-calculator');

/**
 * Builds one module, as if it sat beside the calculator's own files, the way the extras file (or, with the engine's
 * hook and list, the engine file) is built.
 */
async function buildExtras(code: string, shared: Plugin = sharedFromMainFile() as Plugin): Promise<string> {
  const entry = resolve(CALCULATOR, '__entry.js');
  const virtual: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === entry ? id : null),
    load: (id) => (id === entry ? code : null),
  };
  const bundle = await rollup({ input: entry, plugins: [shared, virtual], onwarn: () => undefined });
  const { output } = await bundle.generate({ format: 'iife' });
  return output[0].code;
}

describe('the extras file of the script-tag build', () => {
  it('reads React, the JSX runtime and the calculator modules of EXTRAS_SHARED off the main file’s global hook', async () => {
    const code = await buildExtras(
      "import { useState } from 'react'; import { jsx } from 'react/jsx-runtime'; import { money } from './logic';\n" +
        'window.parts = [useState, jsx, money];',
    );
    expect(code.match(/globalThis\["gjjLoanCalculatorExtras"\]/g)).toHaveLength(1);
    for (const key of ['"react"', '"react/jsx-runtime"', '"./logic"']) expect(code).toContain(`.shared[${key}]`);
    expect(code).toMatch(/\.useState\b/);
    expect(code).not.toMatch(/preact|createElement/);
  });

  it.each(["import { useState } from 'preact/hooks'", "import { createPortal } from 'react-dom'", "import { h } from 'preact'"])(
    'fails on any other React or preact import: %s',
    async (line) => {
      await expect(buildExtras(`${line};\nwindow.x = 1;`)).rejects.toThrow(/must come from the main file: add it to EXTRAS_SHARED/);
    },
  );
});

describe('the engine file of the script-tag build', () => {
  const engineShared = () => sharedFromMainFile('gjjLoanCalculatorEngine', ['../../../sdk/src/loan/input'], 'ENGINE_SHARED') as Plugin;

  it('reads the engine’s input checks off its own hook, so there is one LoanInputError', async () => {
    const code = await buildExtras("import { LoanInputError } from '../../../sdk/src/loan/input';\nwindow.parts = [LoanInputError];", engineShared());
    expect(code.match(/globalThis\["gjjLoanCalculatorEngine"\]/g)).toHaveLength(1);
    expect(code).toContain('.shared["../../../sdk/src/loan/input"]');
    expect(code).not.toMatch(/class \w+ extends/);
  });

  it('fails on any React or preact import, naming its own list', async () => {
    await expect(buildExtras("import { useState } from 'react';\nwindow.x = useState;", engineShared())).rejects.toThrow(
      /must come from the main file: add it to ENGINE_SHARED/,
    );
  });
});
