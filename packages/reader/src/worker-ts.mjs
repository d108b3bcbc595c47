// Worker entry when the reader runs from its TypeScript source (tsx, vitest): load worker.ts through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
