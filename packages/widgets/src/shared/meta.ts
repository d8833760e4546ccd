import { attributeName, type AttributeType } from './element-props';

/** One attribute of a widget's custom element, mapped to a prop of its React component. */
export interface AttributeMeta<P> {
  /** Attribute name on the element, kebab-case. */
  name: string;
  /** Prop of the React component it sets. */
  prop: Extract<keyof P, string>;
  /** How the attribute's text is parsed. */
  type: AttributeType;
  /** The property's TypeScript type, as the manifest and the JSX typings give it: `'remote' | 'local'`, an array's shape. */
  propertyType: string;
  /** The attribute's value as a TypeScript type (`string` for JSON text, `number` for a number written as text). */
  attributeType: string;
  description: string;
  default?: string;
  /** Setting the property sets the attribute too. */
  reflects?: boolean;
}

/** One event the element dispatches, fed by a callback prop of the React component. */
export interface EventMeta<P> {
  /** Event name, `gjj-` prefixed, lowercase kebab-case. */
  name: `gjj-${string}`;
  /** Callback prop of the React component that fires it. */
  prop: Extract<keyof P, string>;
  /** TypeScript type of `event.detail`. */
  detail: string;
  description: string;
  /** Stable events keep their name and detail across minor versions. */
  stable: boolean;
  /** A listener may call `preventDefault()` to stop what the widget would do next. */
  cancelable?: boolean;
}

/** A CSS part or custom property a host page may style. */
export interface StyleHookMeta {
  name: string;
  description: string;
  default?: string;
}

/**
 * Everything a host needs to know about one widget, as data: it drives the element's attributes and events,
 * the custom-elements manifest and the README tables.
 */
export interface WidgetMeta<P> {
  tag: `gjj-${string}`;
  summary: string;
  attributes: ReadonlyArray<AttributeMeta<P>>;
  events: ReadonlyArray<EventMeta<P>>;
  parts: readonly StyleHookMeta[];
  cssProperties: readonly StyleHookMeta[];
}

/**
 * What the documentation adds to an attribute of the element's props. `propertyType` is needed where the property takes
 * more than its parsed attribute (an array, a union of words); `attributeType` where the attribute's text is not that
 * type (JSON text).
 */
export type AttributeDoc = Pick<AttributeMeta<unknown>, 'description' | 'default'> & Partial<Pick<AttributeMeta<unknown>, 'propertyType' | 'attributeType'>>;

/** The property's type where the documentation names none: what the attribute's text is parsed into. */
const PARSED_TYPE: Readonly<Record<AttributeType, string>> = { string: 'string', number: 'number', boolean: 'boolean', json: 'unknown' };

/** What the documentation adds to an event of the element's props. */
export type EventDoc = Pick<EventMeta<unknown>, 'detail' | 'description' | 'stable'>;

/** The `care` attribute's documentation, the same on every element (docs/care-mode.md). */
export const CARE_ATTRIBUTE: AttributeDoc = {
  description:
    '关怀模式（适老化）：正文不小于 18 px、文字对比度不低于 7:1、行距 1.8、可点击区域不小于 44 × 44 px、无动画；写 care 或 care="true" 开启。页面上的祖先元素有 data-care 属性（如网上业务大厅的 <html data-care>）时，React 组件同样进入关怀模式；在影子根中的元素需设置本属性。',
  default: 'false',
};

/**
 * The element's attributes (its `*.props.ts`, what the bundles carry), in their order and named as the element names
 * them (the prop in kebab-case), with their documentation. Every attribute must be documented. It takes the whole
 * props object, not its `.attributes`: a call on a property read is not dropped as pure, and a host importing one
 * component would carry every widget's documentation.
 *
 * @example
 * describeAttributes({ attributes: [['apiBase', 'string']] }, { apiBase: { description: '服务端地址', default: '' } })
 * // [{ name: 'api-base', prop: 'apiBase', type: 'string', propertyType: 'string', attributeType: 'string', description: '服务端地址', default: '' }]
 */
export function describeAttributes<P, K extends Extract<keyof P, string>>(
  element: { attributes: ReadonlyArray<readonly [K, AttributeType, ('reflect' | undefined)?]> },
  docs: Readonly<Record<NoInfer<K>, AttributeDoc>>,
): Array<AttributeMeta<P>> {
  return element.attributes.map(([prop, type, reflect]) => {
    const { propertyType = PARSED_TYPE[type], attributeType = type === 'json' ? 'string' : propertyType, ...doc } = docs[prop];
    return { name: attributeName(prop), prop, type, propertyType, attributeType, ...doc, ...(reflect ? { reflects: true } : {}) };
  });
}

/**
 * The element's events (its `*.props.ts`), in their order, with their documentation. Every event must be documented.
 *
 * @example
 * describeEvents({ events: [['gjj-load', 'onLoad']] }, { 'gjj-load': { detail: 'LoanRates', description: '已加载', stable: true } })
 * // [{ name: 'gjj-load', prop: 'onLoad', detail: 'LoanRates', description: '已加载', stable: true }]
 */
export function describeEvents<P, N extends `gjj-${string}`, K extends Extract<keyof P, string>>(
  element: { events: ReadonlyArray<readonly [N, K, ('cancelable' | undefined)?]> },
  docs: Readonly<Record<NoInfer<N>, EventDoc>>,
): Array<EventMeta<P>> {
  return element.events.map(([name, prop, cancelable]) => ({ name, prop, ...docs[name], ...(cancelable ? { cancelable: true } : {}) }));
}
