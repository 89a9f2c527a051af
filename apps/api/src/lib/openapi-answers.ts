import { z } from 'zod';

/** The media types the API answers with besides JSON: each file route declares its own. */
export const MEDIA = {
  png: 'image/png',
  pdf: 'application/pdf',
  csv: 'text/csv',
  html: 'text/html',
  pkpass: 'application/vnd.apple.pkpass',
  events: 'text/event-stream',
} as const;

/**
 * A success answer that is a file rather than JSON, declared under its own media type so that a client generated
 * from the OpenAPI document reads bytes instead of trying to parse JSON. Fastify sends a Buffer, a stream or a
 * string as is, so the schema given here documents the answer and is never used to serialize it.
 */
export function fileAnswer(mediaType: string, description: string) {
  return {
    description,
    content: { [mediaType]: { schema: z.custom<Buffer | string>().meta({ type: 'string', format: 'binary' }) } },
  };
}
