import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildOpenApiDocument, type OpenApiDocument } from '../../common/src/openapi/document';

/**
 * Holds an answer of the API to its OpenAPI document (CONTRACT §10): the path template and method
 * found, the status listed for that operation, the content type listed for that status, and the
 * body valid against that content's schema (JSON Schema 2020-12, Ajv 8). The API tier runs every
 * answer it receives through this (openapi-setup.ts), so a test whose answer does not match
 * fails, naming the call, the status and the first schema error (docs/decisions/0054).
 */

interface MediaObject {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaObject>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}

/** An answer as the test client received it. */
export interface Answer {
  method: string;
  /** The path as sent (with its query, if any). */
  path: string;
  status: number;
  /** The Content-Type header, or undefined. */
  contentType: string | undefined;
  /** Parsed JSON for JSON answers; text for text answers; a Buffer for binary ones. */
  body: unknown;
  text: string | undefined;
}

const BASE = 'urn:fridgeparts:openapi';

export class OpenApiMatcher {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: false });
  private readonly validators = new Map<string, ValidateFunction>();
  /** Templates with fewer parameters first: a literal path (/bookingOrder/export.csv) wins over /bookingOrder/{id}, as in OpenAPI. */
  private readonly templates: { template: string; pattern: RegExp; params: number }[];

  constructor(private readonly doc: OpenApiDocument = buildOpenApiDocument()) {
    // The components only, under the document's own `#/components/schemas/...` pointers, so their
    // $refs resolve as written; the other members of the document are not JSON Schema.
    this.ajv.addKeyword({ keyword: 'components', schemaType: 'object' });
    this.ajv.addSchema({ $id: BASE, components: { schemas: doc.components.schemas } });
    this.templates = Object.keys(doc.paths)
      .map((template) => {
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('');
        // Express routes case-insensitively and with an optional trailing slash (its defaults).
        return { template, pattern: new RegExp(`^${source}/?$`, 'i'), params: (template.match(/\{/g) ?? []).length };
      })
      .sort((a, b) => a.params - b.params);
  }

  private validator(schema: Record<string, unknown>): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.validators.get(key);
    if (!validate) {
      // A $ref into the document's components is resolved against it; an inline schema is compiled as is.
      const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
      validate = ref ? this.ajv.compile({ $ref: `${BASE}${ref}` }) : this.ajv.compile(schema);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private resolveResponse(response: ResponseObject): ResponseObject {
    const name = response.$ref?.replace('#/components/responses/', '');
    return name ? (this.doc.components.responses[name] as ResponseObject) : response;
  }

  /** The path template the app would route `pathname` to, or undefined. */
  templateOf(pathname: string): string | undefined {
    return this.templates.find((t) => t.pattern.test(pathname))?.template;
  }

  /** Undefined when the answer matches the document; otherwise what is wrong, naming the call and status. */
  problemOf(answer: Answer): string | undefined {
    const pathname = answer.path.split('?')[0] ?? '';
    const method = answer.method.toLowerCase();
    const template = this.templateOf(pathname);
    const call = `${answer.method} ${pathname}`;
    const item = template ? this.doc.paths[template] : undefined;
    // HEAD is answered by the GET route, without a body.
    const operation = (item?.[method === 'head' ? 'get' : method] as Operation | undefined) ?? undefined;
    let responses: Record<string, ResponseObject>;
    let where: string;
    if (operation) {
      responses = operation.responses;
      where = `${method.toUpperCase()} ${template}`;
    } else if (method === 'options' && template && answer.status === 200) {
      return undefined; // The router's own answer: Allow lists the path's methods (x-unrouted).
    } else {
      responses = this.doc['x-unrouted'].responses as Record<string, ResponseObject>;
      where = `a call the document does not name (x-unrouted)`;
    }
    const listed = responses[String(answer.status)];
    if (!listed) {
      return `OpenAPI: ${call} answered ${answer.status}, which ${where} does not list (it lists ${Object.keys(responses).join(', ')})`;
    }
    const response = this.resolveResponse(listed);
    if (!response.content) {
      return answer.text ? `OpenAPI: ${call} answered ${answer.status} with a body, which ${where} says has none` : undefined;
    }
    if (method === 'head') return undefined;
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    const media = mediaType ? response.content[mediaType] : undefined;
    if (!media) {
      return `OpenAPI: ${call} answered ${answer.status} as ${mediaType ?? 'no content type'}; ${where} lists ${Object.keys(response.content).join(', ')}`;
    }
    if (!media.schema) return undefined;
    const value = mediaType === 'application/json' ? answer.body : Buffer.isBuffer(answer.body) ? answer.body.toString('latin1') : (answer.text ?? answer.body);
    const validate = this.validator(media.schema);
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    const at = first?.instancePath || '(the body)';
    const detail = first ? `${at} ${first.message ?? 'is not valid'}${first.params ? ` ${JSON.stringify(first.params)}` : ''}` : 'is not valid';
    return `OpenAPI: ${call} answered ${answer.status} (${where}) with a body that does not match its schema: ${detail}`;
  }
}
