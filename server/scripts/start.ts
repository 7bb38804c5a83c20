// `npm start`: builds the client when its sources are newer than the last build, then runs the hub.
import { buildClientIfStale } from './buildClient.ts';

buildClientIfStale();
await import('../src/main.ts');
