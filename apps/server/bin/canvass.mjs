#!/usr/bin/env node
// `canvass start [--role api|worker|all]`: plain node runs the server's bundle, built first when it is missing or
// older than the sources (bin/build.mjs). Development (`npm run dev`), tests and scripts run the sources with tsx.
import { buildIfStale } from './build.mjs';

await buildIfStale();
await import('../dist/canvass.mjs');
