import type { Plugin } from 'vite';

/** zod's module that writes a schema out as JSON Schema, as Vite names it. */
export const JSON_SCHEMA_MODULE = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;

/**
 * Its stand-in: the same exports, each throwing if called. Every zod schema carries `toJSONSchema()` and its
 * Standard Schema `jsonSchema` methods, so the bundler cannot leave the writer out by itself, though the web app
 * never calls them (the API's OpenAPI document is where JSON Schema is written).
 */
export const STAND_IN = `const absent = () => {
  throw new Error('zod: JSON Schema is not written in the web app (build/zod-without-json-schema.ts)');
};
export const initializeContext = absent;
export const handleUnrepresentable = absent;
export const processSchema = absent;
export { processSchema as process };
export const extractDefs = absent;
export const finalize = absent;
export const createToJSONSchemaMethod = () => absent;
export const createStandardJSONSchemaMethod = () => absent;
`;

/** Leaves zod's JSON Schema writer (some 3 KB of gzip) out of the web build, where nothing calls it. */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'loyalty:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return JSON_SCHEMA_MODULE.test(id) ? STAND_IN : null;
    },
  };
}
