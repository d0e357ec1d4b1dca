#!/usr/bin/env node
// `canvass start [--role api|worker|all]`: the server runs from its TypeScript sources through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
