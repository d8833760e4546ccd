// Route schemas carry OpenAPI words (summary, description, tags) next to their validation.
declare module 'fastify' {
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: readonly string[];
  }
}

export {};
