// `npm run topic-schemas -w shared-events`: writes topic-schemas.json from src/topics.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topicSchemasJson } from '../src/topic-schemas';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(dir, 'topic-schemas.json');
fs.writeFileSync(file, topicSchemasJson(path.join(dir, 'src/topics.ts')));
console.log(`wrote ${file}`);
