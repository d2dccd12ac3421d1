#!/usr/bin/env node
// `tessera`, the administration command of a checkout (and of the compose stack's `migrate`
// image, which keeps the dev dependencies): it runs the TypeScript source through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
