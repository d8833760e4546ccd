import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ELEMENT_TAGS } from '../src/elements';
import * as index from '../src/index';
// @ts-expect-error -- a plain Node script, typed by its JSDoc
import { generate, widgetsOf } from './manifest.mjs';

const root = new URL('..', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

interface Manifest {
  schemaVersion: string;
  modules: Array<{ declarations: Array<{ tagName: string; attributes: unknown[]; events: unknown[]; cssParts: unknown[]; cssProperties: unknown[] }> }>;
}

describe('generated from the *.meta.ts files', () => {
  const files = generate(widgetsOf(index, ELEMENT_TAGS), read('README.md'), index.THEME_PROPERTIES) as Record<string, string>;

  it.each(['custom-elements.json', 'src/jsx.ts', 'README.md'])('%s is current (else: npm run build && npm run manifest -w @gjj-hall/widgets)', (file) => {
    expect(read(file)).toBe(files[file]);
  });

  it('the manifest is schema 2.1.0 and describes every registered tag, each with attributes, events, parts and CSS properties', () => {
    const manifest = JSON.parse(read('custom-elements.json')) as Manifest;
    expect(manifest.schemaVersion).toBe('2.1.0');
    const elements = manifest.modules.flatMap((m) => m.declarations);
    expect(elements.map((e) => e.tagName).sort()).toEqual([...ELEMENT_TAGS].sort());
    for (const element of elements) {
      expect(element.attributes.length, element.tagName).toBeGreaterThan(0);
      expect(element.events.length, element.tagName).toBeGreaterThan(0);
      expect(element.cssParts.length, element.tagName).toBeGreaterThan(0);
      expect(element.cssProperties.length, element.tagName).toBeGreaterThan(0);
    }
  });

  it('the manifest is valid against the Custom Elements Manifest 2.1.0 JSON schema', () => {
    const schema = createRequire(import.meta.url)('custom-elements-manifest/schema.json') as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(JSON.parse(read('custom-elements.json')));
    expect(validate.errors ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
    // The schema is not a blank cheque: a field of the wrong type is refused.
    expect(validate({ schemaVersion: '2.1.0', modules: [{ kind: 'javascript-module', path: 42 }] })).toBe(false);
  });

  it("gives each property its real type: the calculator's rates an array of rate objects (JSON text as attributes), numbers as numbers", () => {
    const manifest = JSON.parse(read('custom-elements.json')) as {
      modules: Array<{ declarations: Array<{ tagName: string; attributes: Array<{ name: string; type: { text: string } }>; members: Array<{ name: string; type: { text: string } }> }> }>;
    };
    const types = (tag: string) => {
      const element = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === tag);
      return {
        property: Object.fromEntries((element?.members ?? []).map((m) => [m.name, m.type.text])),
        attribute: Object.fromEntries((element?.attributes ?? []).map((a) => [a.name, a.type.text])),
      };
    };
    const calculator = types('gjj-loan-calculator');
    expect(calculator.property).toEqual({
      apiBase: 'string',
      label: 'string',
      mode: "'remote' | 'local'",
      providentRates: 'ReadonlyArray<{ llmc: string; zxll: number | string }> | string',
      commercialRates: 'ReadonlyArray<{ llmc: string; zxll: number | string }> | string',
      care: 'boolean',
    });
    expect(calculator.attribute).toMatchObject({ 'provident-rates': 'string', 'commercial-rates': 'string', mode: "'remote' | 'local'", care: 'boolean' });
    // 关怀模式: every element takes `care` (docs/care-mode.md).
    for (const tag of ELEMENT_TAGS) expect(types(tag).attribute).toMatchObject({ care: 'boolean' });
    expect(types('gjj-policy-list').property).toMatchObject({ pageSize: 'number', category: 'string' });
    expect(types('gjj-policy-list').attribute).toMatchObject({ 'page-size': 'number' });
    // The typings say the same: the rates as a property, JSON text as an attribute.
    expect(read('src/jsx.ts')).toContain('  providentRates?: ReadonlyArray<{ llmc: string; zxll: number | string }> | string;');
    expect(read('src/jsx.ts')).toContain("  'provident-rates'?: string;");
  });

  it('the JSX typings and the README have every registered tag', () => {
    for (const tag of ELEMENT_TAGS) {
      expect(read('src/jsx.ts')).toContain(`'${tag}': `);
      expect(read('README.md')).toContain(`### \`<${tag}>\``);
    }
  });

  it('the package ships the manifest and the typings, and names the manifest in "customElements"', () => {
    const pkg = JSON.parse(read('package.json')) as { customElements: string; files: string[]; exports: Record<string, unknown> };
    expect(pkg.customElements).toBe('custom-elements.json');
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'custom-elements.json']));
    expect(pkg.exports['./jsx']).toEqual({ 'gjj-source': './src/jsx.ts', types: './dist/jsx.d.ts', default: './dist/jsx.js' });
  });

  it('a tag without a meta is an error, not a silently shorter manifest', () => {
    expect(() => widgetsOf(index, [...ELEMENT_TAGS, 'gjj-nothing'])).toThrow('<gjj-nothing>');
  });
});
