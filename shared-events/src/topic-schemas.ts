/**
 * The payload schema of every bus topic as JSON Schema, keyed `name@version`, with the SHA-256 of
 * the topics' source it was made from: written to topic-schemas.json (`npm run topic-schemas -w
 * shared-events`) and recorded in every build's storefront-contract.json, so the release gate can
 * refuse a build whose copy of a topic's payload differs incompatibly from the live one under the
 * same version. Build-time only: not part of the package's exports.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import * as z from 'zod/mini';
import type { Topic } from './bus';
import { topics } from './topics';

export interface TopicSchemas {
  /** SHA-256 (hex) of src/topics.ts */
  source: string;
  topics: Record<string, unknown>;
}

/** `topicsSource`: the path of src/topics.ts (the caller knows where it runs from). */
export function sourceHash(file: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

export function topicSchemas(topicsSource: string): TopicSchemas {
  const entries = (Object.values(topics) as Topic[])
    .map((topic) => [`${topic.name}@${topic.version}`, z.toJSONSchema(topic.schema as z.ZodMiniType)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { source: sourceHash(topicsSource), topics: Object.fromEntries(entries) };
}

export const topicSchemasJson = (topicsSource: string): string => `${JSON.stringify(topicSchemas(topicsSource), null, 2)}\n`;
