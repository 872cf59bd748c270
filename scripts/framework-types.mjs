// Generates the host frameworks' element typings into dist/types/ from custom-elements.json, after
// `tsc` has written the package's own declarations: @wc-toolkit/jsx-types writes every element's
// props (attributes, properties and `on<event>` handlers, typed from the element classes), then one
// small file per framework puts each tag into that framework's table of elements.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';

const outdir = 'dist/types';
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const elements = manifest.modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.tagName)
  .map(({ name, tagName }) => ({ name, tagName }));

mkdirSync(outdir, { recursive: true });
generateJsxTypes(manifest, {
  outdir,
  fileName: 'jsx.d.ts',
  // Types come from the package's own declarations: the element classes and the event details.
  globalTypePath: '../index.js',
  stronglyTypedEvents: true,
  hideLogs: true,
});

const header = (framework) =>
  `// Generated from custom-elements.json by scripts/framework-types.mjs: the elements' tags for ${framework}.\n`;
const imports = (props) =>
  `import type { ${elements.map(({ name }) => name).join(', ')} } from '../index.js';\n` +
  `import type { ${elements.map(({ name }) => `${name}${props}`).join(', ')} } from './jsx.js';\n`;
const entries = (line) => elements.map((element) => `      ${line(element)}`).join('\n');

/** A framework's own attributes for an element, with the element's typed props in place of same-named ones. */
const frameworks = {
  react: {
    title: 'React 19 (`React.JSX.IntrinsicElements`)',
    body: () =>
      `import type { HTMLAttributes, Key, RefAttributes } from 'react';\n${imports('Props')}\n` +
      `type Tag<E, P> = Omit<HTMLAttributes<E>, keyof P> & P & RefAttributes<E> & { key?: Key | null; class?: string };\n\n` +
      `declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n` +
      entries(({ name, tagName }) => `'${tagName}': Tag<${name}, ${name}Props>;`) +
      `\n    }\n  }\n}\n`,
  },
  preact: {
    title: 'Preact (`JSX.IntrinsicElements`)',
    body: () =>
      `import type { JSX } from 'preact';\n${imports('Props')}\n` +
      `type Tag<E extends EventTarget, P> = Omit<JSX.HTMLAttributes<E>, keyof P> & P;\n\n` +
      `declare module 'preact' {\n  namespace JSX {\n    interface IntrinsicElements {\n` +
      entries(({ name, tagName }) => `'${tagName}': Tag<${name}, ${name}Props>;`) +
      `\n    }\n  }\n}\n`,
  },
  solid: {
    title: 'Solid (`JSX.IntrinsicElements` of solid-js)',
    body: () =>
      `import type { JSX } from 'solid-js';\n${imports('SolidJsProps')}` +
      `import type { ${elements.map(({ name }) => `${name}Props`).join(', ')} } from './jsx.js';\n\n` +
      `type Tag<E, P> = Omit<JSX.HTMLAttributes<E>, keyof P> & P;\n\n` +
      `declare module 'solid-js' {\n  namespace JSX {\n    interface IntrinsicElements {\n` +
      entries(({ name, tagName }) => `'${tagName}': Tag<${name}, ${name}Props & ${name}SolidJsProps>;`) +
      `\n    }\n  }\n}\n`,
  },
  svelte: {
    title: 'Svelte 5 (`SvelteHTMLElements` of svelte/elements)',
    body: () =>
      `import type { HTMLAttributes } from 'svelte/elements';\n${imports('Props')}\n` +
      `type Tag<E extends EventTarget, P> = Omit<HTMLAttributes<E>, keyof P> & P;\n\n` +
      `declare module 'svelte/elements' {\n  interface SvelteHTMLElements {\n` +
      entries(({ name, tagName }) => `'${tagName}': Tag<${name}, ${name}Props>;`).replace(/^ {2}/gm, '') +
      `\n  }\n}\n`,
  },
  vue: {
    title: 'Vue 3 (`GlobalComponents`, read by Volar and vue-tsc)',
    body: () =>
      `import type { DefineComponent } from 'vue';\n${imports('Props')}\n` +
      '/** `t3-submit` → `T3Submit`: Vue matches `@t3-submit` to an `onT3Submit` prop. */\n' +
      'type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;\n' +
      '/** The element props with each `on<event>` handler renamed the way Vue names listeners. */\n' +
      'type VueProps<P> = { [K in keyof P as K extends `on${infer Name}` ? `on${Pascal<Name>}` : K]: P[K] };\n' +
      'type Tag<P> = DefineComponent<VueProps<P>>;\n\n' +
      `declare module 'vue' {\n  interface GlobalComponents {\n` +
      entries(({ name, tagName }) => `'${tagName}': Tag<${name}Props>;`).replace(/^ {2}/gm, '') +
      `\n  }\n}\n`,
  },
};

for (const [file, { title, body }] of Object.entries(frameworks)) {
  writeFileSync(`${outdir}/${file}.d.ts`, `${header(title)}${body()}\nexport {};\n`);
}
