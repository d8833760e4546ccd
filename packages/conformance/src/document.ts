import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import localizeZh from 'ajv-i18n/localize/zh/index.js';
import { AREA_TAGS, type Profile } from './types';

type Schema = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema & { enum?: unknown[]; default?: unknown; example?: unknown; minimum?: number };
}
interface Answer {
  $ref?: string;
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, unknown>;
}
interface RawOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: Array<Parameter & { $ref?: string }>;
  responses?: Record<string, Answer>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components?: { responses?: Record<string, Answer>; schemas?: Record<string, unknown>; parameters?: Record<string, Parameter> };
}

/** One operation of the document, as the checks read it. */
export interface Operation {
  id: string;
  method: string;
  path: string;
  summary: string;
  profile: Profile | null;
  /** Needs a session (token): security lists no empty requirement. */
  needsSession: boolean;
  /** Public but refuses a stale token. */
  optionalSession: boolean;
  parameters: Parameter[];
  responses: Record<string, Answer>;
}

/** The operations of a document, with their profile (from the first tag, the area). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const security = op.security ?? [];
      const parameters = (op.parameters ?? []).map((p) => (p.$ref ? doc.components?.parameters?.[p.$ref.split('/').pop()!] : p)).filter((p): p is Parameter => !!p);
      out.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        profile: AREA_TAGS[op.tags?.[0] ?? ''] ?? null,
        needsSession: security.length > 0 && !security.some((s) => Object.keys(s).length === 0) && security.some((s) => 'token' in s),
        optionalSession: security.some((s) => Object.keys(s).length === 0) && security.some((s) => 'token' in s),
        parameters,
        responses: op.responses ?? {},
      });
    }
  }
  return out;
}

/**
 * Checks answers against a document with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1); one compiled
 * validator per schema.
 */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  constructor(private readonly doc: OpenApiDocument) {}

  /** The documented answer for a status (its $ref resolved), or null. */
  answerFor(op: Operation, status: number): Answer | null {
    const s = String(status);
    let answer = op.responses[s] ?? op.responses[`${s[0]}XX`] ?? (status >= 400 && !['401', '403', '429'].includes(s) ? op.responses.default : undefined);
    if (!answer) return null;
    if (answer.$ref) answer = this.doc.components?.responses?.[answer.$ref.split('/').pop()!] ?? answer;
    return answer;
  }

  /** The documented media types of an answer. */
  typesOf(op: Operation, status: number): string[] {
    return Object.keys(this.answerFor(op, status)?.content ?? {});
  }

  /** Schema errors of a JSON body against the documented answer of its status and type (empty when it fits). */
  schemaErrors(op: Operation, status: number, type: string, body: unknown): string[] {
    const answer = this.answerFor(op, status);
    const media = answer?.content?.[type] ?? answer?.content?.['application/json'];
    if (!media?.schema) return [];
    let validate = this.compiled.get(media.schema);
    if (!validate) {
      validate = this.ajv.compile({ ...media.schema, components: { schemas: this.doc.components?.schemas ?? {} } });
      this.compiled.set(media.schema, validate);
    }
    if (validate(body)) return [];
    // In Chinese, as the rest of the report (ajv-i18n).
    localizeZh(validate.errors);
    return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  }

  /** Whether the answer declares a download (a Content-Disposition header). */
  isDownload(op: Operation): boolean {
    const headers = this.answerFor(op, 200)?.headers ?? {};
    return Object.keys(headers).some((h) => h.toLowerCase() === 'content-disposition');
  }
}
