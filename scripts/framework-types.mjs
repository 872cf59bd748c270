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

const propsImport = (...suffixes) =>
  `import type { ${elements.flatMap(({ name }) => suffixes.map((suffix) => name + suffix)).join(', ')} } from './jsx.js';\n`;
const classImport = `import type { ${elements.map(({ name }) => name).join(', ')} } from '../index.js';\n`;
const byElement = ({ name }) => `Tag<${name}, ${name}Props>`;

/**
 * Per framework: where its table of elements lives, and `Tag`, the framework's own attributes for
 * an element with the element's typed props in place of same-named ones.
 */
const frameworks = {
  react: {
    title: 'React 19 (`React.JSX.IntrinsicElements`)',
    imports: `import type { HTMLAttributes, Key, RefAttributes } from 'react';\n${classImport}${propsImport('Props')}`,
    tag: 'type Tag<E, P> = Omit<HTMLAttributes<E>, keyof P> & P & RefAttributes<E> & { key?: Key | null; class?: string };',
    table: ['react', 'JSX', 'IntrinsicElements'],
    entry: byElement,
  },
  preact: {
    title: 'Preact (`JSX.IntrinsicElements`)',
    imports: `import type { JSX } from 'preact';\n${classImport}${propsImport('Props')}`,
    tag: 'type Tag<E extends EventTarget, P> = Omit<JSX.HTMLAttributes<E>, keyof P> & P;',
    table: ['preact', 'JSX', 'IntrinsicElements'],
    entry: byElement,
  },
  solid: {
    title: 'Solid (`JSX.IntrinsicElements` of solid-js)',
    imports: `import type { JSX } from 'solid-js';\n${classImport}${propsImport('Props', 'SolidJsProps')}`,
    tag: 'type Tag<E, P> = Omit<JSX.HTMLAttributes<E>, keyof P> & P;',
    table: ['solid-js', 'JSX', 'IntrinsicElements'],
    entry: ({ name }) => `Tag<${name}, ${name}Props & ${name}SolidJsProps>`,
  },
  svelte: {
    title: 'Svelte 5 (`SvelteHTMLElements` of svelte/elements)',
    imports: `import type { HTMLAttributes } from 'svelte/elements';\n${classImport}${propsImport('Props')}`,
    tag: 'type Tag<E extends EventTarget, P> = Omit<HTMLAttributes<E>, keyof P> & P;',
    table: ['svelte/elements', null, 'SvelteHTMLElements'],
    entry: byElement,
  },
  vue: {
    title: 'Vue 3 (`GlobalComponents`, read by Volar and vue-tsc)',
    imports: `import type { DefineComponent } from 'vue';\n${propsImport('Props')}`,
    tag: [
      '/** `t3-submit` → `T3Submit`: Vue matches `@t3-submit` to an `onT3Submit` prop. */',
      'type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;',
      '/** The element props with each `on<event>` handler renamed the way Vue names listeners. */',
      'type VueProps<P> = { [K in keyof P as K extends `on${infer Name}` ? `on${Pascal<Name>}` : K]: P[K] };',
      'type Tag<P> = DefineComponent<VueProps<P>>;',
    ].join('\n'),
    table: ['vue', null, 'GlobalComponents'],
    entry: ({ name }) => `Tag<${name}Props>`,
  },
};

function typings({ title, imports, tag, table: [module, namespace, table], entry }) {
  const indent = namespace ? '      ' : '    ';
  const tags = elements.map((element) => `${indent}'${element.tagName}': ${entry(element)};`).join('\n');
  const body = `interface ${table} {\n${tags}\n${indent.slice(2)}}`;
  const augmentation = namespace ? `namespace ${namespace} {\n    ${body}\n  }` : body;
  return (
    `// Generated from custom-elements.json by scripts/framework-types.mjs: the elements' tags for ${title}.\n` +
    `${imports}\n${tag}\n\ndeclare module '${module}' {\n  ${augmentation}\n}\n\nexport {};\n`
  );
}

for (const [file, framework] of Object.entries(frameworks)) writeFileSync(`${outdir}/${file}.d.ts`, typings(framework));
