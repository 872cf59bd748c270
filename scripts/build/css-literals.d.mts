import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

/** The CSS inside a module's Lit `css` templates, minified; null when the module has none. */
export function minifyCssLiterals(code: string, fileName: string): Promise<{ code: string; map?: unknown } | null>;
export function cssLiteralsPlugin(): VitePlugin;
export const cssLiteralsEsbuildPlugin: EsbuildPlugin;
