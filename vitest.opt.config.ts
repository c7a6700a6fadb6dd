import base from '/work/main/vitest.config.ts';
import { mergeConfig, defineConfig } from 'vitest/config';
const web = (base as any).test.projects.find((p: any) => p.test.name === 'web');
export default defineConfig({ test: { projects: [ mergeConfig(web, { test: { name: 'webopt', root: '/work/main/web', deps: { optimizer: { client: { enabled: true }, ssr: { enabled: true } } } } }) ] } });
