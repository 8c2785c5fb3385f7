import fs from 'node:fs';
import path from 'node:path';
import { topicSchemas, topicSchemasJson } from './topic-schemas';

const TOPICS_SOURCE = path.join(__dirname, 'topics.ts');
const TOPIC_SCHEMAS_FILE = path.join(__dirname, '..', 'topic-schemas.json');

describe('topic-schemas.json', () => {
  it('is what src/topics.ts defines (run `npm run topic-schemas -w shared-events` after changing a topic)', () => {
    expect(fs.readFileSync(TOPIC_SCHEMAS_FILE, 'utf8')).toBe(topicSchemasJson(TOPICS_SOURCE));
  });

  it('names every topic by name@version with its payload as a JSON Schema', () => {
    const { topics } = topicSchemas(TOPICS_SOURCE);
    expect(topics['cart.add@1']).toMatchObject({ type: 'object', required: expect.arrayContaining(['requestId', 'productId', 'variantId', 'qty']) });
  });
});
