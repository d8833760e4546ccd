/** The parts of an Ajv error (with `verbose`) that the messages are built from. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

/**
 * Schema keywords a route may add to a property to word its own messages:
 * `description` is the field's Chinese name, `x-msg` the message for any invalid value,
 * `x-required-msg` the message when it is missing.
 */
export const MESSAGE_KEYWORDS = ['x-msg', 'x-required-msg'] as const;

const WHERE: Record<string, string> = { querystring: '查询参数', body: '请求内容', params: '路径参数', headers: '请求头' };

function fieldLabel(schema: Record<string, unknown> | undefined, fallback: string): string {
  const description = schema?.description;
  return typeof description === 'string' && description ? description : fallback;
}

/**
 * The Chinese message for the first schema error of a request: the route's own wording when it gave one,
 * otherwise a sentence naming the field and what is wrong with it.
 */
export function validationMessage(errors: readonly SchemaError[], context = 'querystring'): string {
  const error = errors[0];
  if (!error) return '请求参数不正确';
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');

  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty ?? '');
    const properties = error.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined;
    const own = properties?.[missing]?.['x-required-msg'];
    if (typeof own === 'string') return own;
    return `缺少${WHERE[context] ?? '参数'}：${fieldLabel(properties?.[missing], missing)}`;
  }

  const own = error.parentSchema?.['x-msg'];
  if (typeof own === 'string') return own;
  const label = fieldLabel(error.parentSchema, path || (WHERE[context] ?? '参数'));
  switch (error.keyword) {
    case 'enum':
    case 'const':
      return `${label}的取值不正确`;
    case 'type':
      return `${label}的格式不正确`;
    case 'pattern':
    case 'format':
      return `${label}的格式不正确`;
    case 'minLength':
      return `${label}不能少于 ${String(error.params.limit)} 个字符`;
    case 'maxLength':
      return `${label}不能超过 ${String(error.params.limit)} 个字符`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${label}不能小于 ${String(error.params.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${label}不能大于 ${String(error.params.limit)}`;
    case 'additionalProperties':
      return `不支持的参数：${String(error.params.additionalProperty ?? '')}`;
    default:
      return `${label}不正确`;
  }
}
