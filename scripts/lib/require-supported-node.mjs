// Imported first by `npm start` and `npm test`, so an unsupported Node stops (or hands over) before anything runs.
import { requireSupportedNode } from './supported-node.mjs';

await requireSupportedNode();
