/**
 * The version stamped on every element class, to tell a harmless double registration from a clash, and on the
 * script-tag extras file, to refuse one from another release.
 *
 * @example
 * customElements.get('gjj-rate-table')?.gjjVersion === WIDGETS_VERSION
 */
export const WIDGETS_VERSION = '0.1.0';
