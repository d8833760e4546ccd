import fc from 'fast-check';

/** Any value a caller could pass, symbols, bigints, boxed values, dates and null-prototype objects included. */
export const anyValue = fc.oneof(
  fc.anything({
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withSet: true,
  }),
  fc.constant(Symbol('x')),
);
