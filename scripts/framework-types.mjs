// Generates the host frameworks' element typings into dist/types/ from custom-elements.json, after
// `tsc` has written the package's own declarations: @wc-toolkit/jsx-types writes every element's
// props (attributes, properties and `on<event>` handlers, typed from the element classes), then one
// small file per framework puts each tag into that framework's table of elements. Each framework's
// file augments that framework alone, so an app's checker (`skipLibCheck: false` included) sees no
// other framework's table; and each entry has an empty module beside it, so the natural
// `import 't3-composer/types/react'` also builds.
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
stripAugmentations(`${outdir}/jsx.d.ts`);

/**
 * The generator also augments the JSX tables of nine frameworks and the global `JSX` at the end of
 * its file. Those clash with the frameworks' own types (React's `dir` is a `string`, the generator's
 * `'ltr' | 'rtl'`) and would reach every app that loads any of our typings: cut them, keeping the
 * props types. Fails the build when the file no longer ends in augmentations alone.
 */
function stripAugmentations(file) {
  const text = readFileSync(file, 'utf8');
  const start = text.search(/^declare (module |global)/m);
  const augmentations = /^declare (?:module "[^"]+"|global) \{\n(?: .*\n|\n)*?\}\n/gm;
  if (start < 0 || text.slice(start).replace(augmentations, '').trim() !== '') {
    throw new Error(`${file}: expected the generator's module augmentations at its end, found otherwise`);
  }
  writeFileSync(file, text.slice(0, start).trimEnd() + '\n');
}

const propsImport = (suffixes, more = []) =>
  `import type { ${[...elements.flatMap(({ name }) => suffixes.map((suffix) => name + suffix)), ...more].join(', ')} } from './jsx.js';\n`;
const classImport = `import type { ${elements.map(({ name }) => name).join(', ')} } from '../index.js';\n`;
const byElement = ({ name }) => `Tag<${name}, ${name}Props>`;

/**
 * Per framework: where its table of elements lives, and `Tag`, the framework's own attributes for
 * an element with the element's typed props in place of same-named ones.
 */
const frameworks = {
  react: {
    title: 'React 19 (`React.JSX.IntrinsicElements`)',
    imports: `import type { HTMLAttributes, Key, RefAttributes } from 'react';\n${classImport}${propsImport(['Props'], ['CustomCssProperties'])}`,
    tag: 'type Tag<E, P> = Omit<HTMLAttributes<E>, keyof P> & P & RefAttributes<E> & { key?: Key | null; class?: string };',
    table: ['react', 'JSX', 'IntrinsicElements'],
    entry: byElement,
    // The elements' CSS custom properties in `style={{ '--t3-chip-background': … }}`.
    extra: 'interface CSSProperties extends CustomCssProperties {}',
  },
  preact: {
    title: 'Preact (`JSX.IntrinsicElements`)',
    imports: `import type { HTMLAttributes } from 'preact';\n${classImport}${propsImport(['Props'])}`,
    tag: 'type Tag<E extends EventTarget, P> = Omit<HTMLAttributes<E>, keyof P> & P;',
    table: ['preact', 'JSX', 'IntrinsicElements'],
    entry: byElement,
  },
  solid: {
    title: 'Solid (`JSX.IntrinsicElements` of solid-js)',
    imports: `import type { JSX } from 'solid-js';\n${classImport}${propsImport(['Props', 'SolidJsProps'])}`,
    tag: 'type Tag<E, P> = Omit<JSX.HTMLAttributes<E>, keyof P> & P;',
    table: ['solid-js', 'JSX', 'IntrinsicElements'],
    entry: ({ name }) => `Tag<${name}, ${name}Props & ${name}SolidJsProps>`,
  },
  svelte: {
    title: 'Svelte 5 (`SvelteHTMLElements` of svelte/elements)',
    imports: `import type { HTMLAttributes } from 'svelte/elements';\n${classImport}${propsImport(['Props'])}`,
    tag: 'type Tag<E extends EventTarget, P> = Omit<HTMLAttributes<E>, keyof P> & P;',
    table: ['svelte/elements', null, 'SvelteHTMLElements'],
    entry: byElement,
  },
  vue: {
    title: 'Vue 3 (`GlobalComponents`, read by Volar and vue-tsc)',
    imports: `import type { DefineComponent } from 'vue';\n${propsImport(['Props'])}`,
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

function typings({ title, imports, tag, table: [module, namespace, table], entry, extra }) {
  const indent = namespace ? '      ' : '    ';
  const tags = elements.map((element) => `${indent}'${element.tagName}': ${entry(element)};`).join('\n');
  const body = `interface ${table} {\n${tags}\n${indent.slice(2)}}`;
  const augmentation = namespace ? `namespace ${namespace} {\n    ${body}\n  }` : body;
  const more = extra ? `\n  ${extra}` : '';
  return (
    `// Generated from custom-elements.json by scripts/framework-types.mjs: the elements' tags for ${title}.\n` +
    `${imports}\n${tag}\n\ndeclare module '${module}' {\n  ${augmentation}${more}\n}\n\nexport {};\n`
  );
}

/** What `import 't3-composer/types/<name>'` loads at run time: nothing, so a bundler builds it. */
const emptyModule = (name) =>
  `// The run-time side of t3-composer/types/${name}, which holds types only (${name}.d.ts).\nexport {};\n`;

for (const [file, framework] of Object.entries(frameworks)) writeFileSync(`${outdir}/${file}.d.ts`, typings(framework));
for (const file of ['jsx', ...Object.keys(frameworks)]) writeFileSync(`${outdir}/${file}.js`, emptyModule(file));
