import { isBlank, type Predicate } from './predicates';

/**
 * A form rule: '' when the value is valid, else the message to show. Framework-free; wrap it for a form
 * library, e.g. `validator: (_, v) => (rule(v) ? Promise.reject(new Error(rule(v))) : Promise.resolve())`.
 *
 * @example
 * const rule: Rule = rules.mobile();
 * rule('') // '请输入手机号码'
 */
export type Rule = (value: unknown) => string;

/**
 * Messages that replace a rule's defaults. Giving `empty` to a rule without one makes the field required.
 *
 * @example
 * rules.email({ empty: '请输入邮箱' })('') // '请输入邮箱'
 */
export interface RuleMessages {
  /** Shown when the value is blank. */
  empty?: string;
  /** Shown when the value has the wrong format. */
  format?: string;
}

/**
 * A rule that fails with `message` when the value is blank ({@link isBlank}: null, undefined, '', whitespace,
 * 'null', 'undefined', [], {}). 0 and false are values.
 *
 * @example
 * required('请选择还款方式')('')   // '请选择还款方式'
 * required('请选择还款方式')('01') // ''
 */
export function required(message: string): Rule {
  return (v) => (isBlank(v) ? message : '');
}

/**
 * A rule that fails with `message` when a non-blank value fails `test`. Blank values pass: combine with
 * {@link required} for a mandatory field.
 *
 * @example
 * check(isEmail, '请输入正确的邮箱格式')('x@') // '请输入正确的邮箱格式'
 * check(isEmail, '请输入正确的邮箱格式')('')   // ''
 */
export function check(test: Predicate, message: string): Rule {
  return (v) => (isBlank(v) || test(v) ? '' : message);
}

/**
 * Runs rules in order and returns the first message, or '' when all pass.
 *
 * @example
 * compose(required('请输入邮箱'), check(isEmail, '请输入正确的邮箱格式'))('') // '请输入邮箱'
 */
export function compose(...list: readonly Rule[]): Rule {
  return (v) => {
    for (const rule of list) {
      const message = rule(v);
      if (message) return message;
    }
    return '';
  };
}
