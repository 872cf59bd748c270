import { readdirSync } from 'node:fs';

/**
 * `npm run lint:deps`, run in CI: the import rules of ARCHITECTURE.md (Layers) over `src/`. Paths are
 * relative to the package root. Each rule's `comment` is the message printed with a violation. Type
 * imports count like any other (`tsPreCompilationDeps`), so a type-only import cycle is still a cycle.
 */

/** The element folders: every folder of `src/elements/` but `shared/`, read so that a new element is covered. */
const ELEMENTS = readdirSync(new URL('src/elements/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

/**
 * The only imports allowed from one element's folder into another's: each names one file and, with
 * `typeOnly`, allows a type import of it only. Anything two elements both need belongs in `shared/`.
 */
const CROSS_ELEMENT = [
  {
    from: 'composer',
    to: 'context-chip/context-chip.ts',
    typeOnly: true,
    why: "the composer's chip widget types the <t3-context-chip> element it creates",
  },
  {
    from: 'composer',
    to: 'context-chip/citation-comment-editor.ts',
    why: 'the composer provides its citation chips with their comment form, which a page of messages never loads',
  },
];

const CORE = '^src/core/';
/** Each kind's wire rules: part of the core layer, though they live in the kind's folder. */
const KIND_WIRE = '^src/kinds/[^/]+/wire\\.ts$';
/** Each kind's chip, the chip type and their index. */
const KIND_CHIP = ['^src/kinds/[^/]+/chip\\.ts$', '^src/kinds/(chips|chip-kind)\\.ts$'];

const escape = (path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COMPOSER = 'src/elements/composer';

/** Per element folder: no import from another element's folder, but for the files CROSS_ELEMENT lists. */
const crossElementRules = ELEMENTS.map((element) => ({
  name: `no-other-element (${element})`,
  comment:
    `src/elements/${element}/ imports its own files, shared/ and core; another element's files only as ` +
    'CROSS_ELEMENT in .dependency-cruiser.mjs allows. Move what two elements use into src/elements/shared/.',
  severity: 'error',
  from: { path: `^src/elements/${escape(element)}/` },
  to: {
    path: '^src/elements/[^/]+/',
    pathNot: [
      `^src/elements/(${escape(element)}|shared)/`,
      ...CROSS_ELEMENT.filter(({ from }) => from === element).map(({ to }) => `^src/elements/${escape(to)}$`),
    ],
  },
}));

/** An import CROSS_ELEMENT allows as type-only stays a type import. */
const typeOnlyRules = CROSS_ELEMENT.filter(({ typeOnly }) => typeOnly).map(({ from, to, why }) => ({
  name: `cross-element-type-only (${from} → ${to})`,
  comment: `src/elements/${from}/ may import src/elements/${to} as a type only (${why}): use \`import type\`.`,
  severity: 'error',
  from: { path: `^src/elements/${escape(from)}/` },
  to: { path: `^src/elements/${escape(to)}$`, dependencyTypesNot: ['type-only'] },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle in src/ (type imports count too): move what both ends need into a module both can import.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      // Without it, an import the resolver cannot follow would pass every path rule below unseen.
      name: 'no-unresolvable',
      comment: 'An import that does not resolve to a file or an installed package.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'no-tooling-from-src',
      comment:
        'The package imports nothing from test/, bench/, demo/, server/, support/ or scripts/: none of it ships.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench|demo|server|support|scripts)/' },
    },

    // The layers of ARCHITECTURE.md, imports pointing toward core only:
    // src/*.ts entries and src/react/ → src/elements/<element>/ → src/elements/shared/ → src/core/.
    {
      name: 'core-stands-alone',
      comment:
        "src/core/ is DOM-free and has no dependencies: it imports nothing outside itself but each kind's wire " +
        'rules (src/kinds/<kind>/wire.ts), which are part of it.',
      severity: 'error',
      from: { path: [CORE, KIND_WIRE] },
      to: { pathNot: [CORE, KIND_WIRE] },
    },
    {
      name: 'kind-chips-on-core',
      comment:
        "A kind's chip (src/kinds/<kind>/chip.ts, gathered by src/kinds/chips.ts) is data for the elements' " +
        'shared layer: it imports only the core index and the chip type.',
      severity: 'error',
      from: { path: KIND_CHIP },
      to: { pathNot: ['^src/core/index\\.ts$', ...KIND_CHIP] },
    },
    {
      name: 'kind-details-below-elements',
      comment:
        "What a kind's details show (src/kinds/<kind>/details.ts) builds on the core index, the elements' " +
        'shared layer and lit; no element folder.',
      severity: 'error',
      from: { path: '^src/kinds/' },
      to: { path: ['^src/elements/(?!shared/)', '^src/[^/]+$', '^src/react/', '^src/ai-sdk/'] },
    },
    {
      name: 'shared-sees-kind-chips-only',
      comment: "src/elements/shared/ may use the kinds' chips, not their details (those load with a chip's details).",
      severity: 'error',
      from: { path: '^src/elements/shared/' },
      to: { path: '^src/kinds/', pathNot: KIND_CHIP },
    },
    {
      name: 'ai-sdk-imports-core-only',
      comment:
        'src/ai-sdk/ imports only the public core (src/core/, not its legacy upgrade) and itself; `ai` as types only.',
      severity: 'error',
      from: { path: '^src/ai-sdk/' },
      to: { pathNot: ['^src/core/(?!legacy/)', '^src/ai-sdk/', '(^|/)node_modules/ai/'] },
    },
    {
      name: 'ai-sdk-types-only-from-ai',
      comment: 'src/ai-sdk/ has no runtime dependency on `ai` (an optional peer): use `import type`.',
      severity: 'error',
      from: { path: '^src/ai-sdk/' },
      to: { path: '(^|/)node_modules/ai/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-imports-core-only',
      comment:
        "src/elements/shared/ imports only src/core/, the kinds' chips, itself and packages: no element folder, no entry.",
      severity: 'error',
      from: { path: '^src/elements/shared/' },
      to: { pathNot: ['^src/core/', '^src/elements/shared/', '^src/kinds/', '(^|/)node_modules/'] },
    },
    {
      name: 'elements-use-core-index',
      comment:
        'Elements import core through src/core/index.ts only; export what is missing from there. ' +
        'The exceptions: the legacy upgrade, which a message loads as a chunk of its own when a text needs it, ' +
        'and what tells and resolves a stored message before it.',
      severity: 'error',
      from: { path: '^src/elements/' },
      to: {
        path: '^src/core/',
        pathNot: ['^src/core/index\\.ts$', '^src/core/legacy/(markers|upgrade|resolve-stored)\\.ts$'],
      },
    },
    {
      name: 'kind-presentation-uses-core-index',
      comment: "A kind's chip and details import core through src/core/index.ts only, as elements do.",
      severity: 'error',
      from: { path: '^src/kinds/', pathNot: KIND_WIRE },
      to: { path: '^src/core/', pathNot: '^src/core/index\\.ts$' },
    },
    {
      name: 'elements-import-no-entry',
      comment:
        'Elements import no package entry (src/*.ts), no React wrapper (src/react/) and not the AI SDK entry (src/ai-sdk/).',
      severity: 'error',
      from: { path: '^src/elements/' },
      to: { path: ['^src/[^/]+$', '^src/react/', '^src/ai-sdk/'] },
    },
    ...crossElementRules,
    ...typeOnlyRules,
    {
      // test/package/entries.test.ts checks the built chunks of the message entries; this is the early
      // check in the sources.
      name: 'no-codemirror-on-message-side',
      comment:
        'The message elements, the chip, the scope and shared/ import no @codemirror/* (only the composer does).',
      severity: 'error',
      from: { path: ['^src/elements/(user-message|context-chip|context-scope|shared)/', '^src/kinds/'] },
      to: { path: '(^|/)@codemirror/' },
    },

    // Inside the composer: editor/ (draft state and commands) is the base its other folders build on,
    // and the root files (composer.ts, composer-session.ts, composer-types.ts) build on the folders.
    {
      name: 'composer-editor-stands-alone',
      comment: `${COMPOSER}/editor/ imports none of the composer's other folders nor its root files.`,
      severity: 'error',
      from: { path: `^${COMPOSER}/editor/` },
      to: { path: `^${COMPOSER}/`, pathNot: `^${COMPOSER}/editor/` },
    },
    {
      name: 'editor-keys-on-top',
      comment: `${COMPOSER}/editor/keys/ (the editor's own keys) builds on the draft's state and atoms; neither imports it.`,
      severity: 'error',
      from: { path: `^${COMPOSER}/editor/(state|atoms)/` },
      to: { path: `^${COMPOSER}/editor/keys/` },
    },
    {
      name: 'atom-kinds-one-folder-each',
      comment: `An inline atom kind (${COMPOSER}/editor/atoms/<kind>/) imports no other kind's folder: a kind is one folder.`,
      severity: 'error',
      from: { path: `^${COMPOSER}/editor/atoms/([^/]+)/` },
      to: { path: `^${COMPOSER}/editor/atoms/[^/]+/`, pathNot: `^${COMPOSER}/editor/atoms/$1/` },
    },
    {
      name: 'atom-state-has-no-view',
      comment:
        'What a draft state needs of its atoms (the kinds, the index, each kind’s <kind>-atom.ts) imports no view ' +
        'code: a draft is read and submitted without an editor view.',
      severity: 'error',
      from: {
        path: `^${COMPOSER}/editor/atoms/(atom-kinds|atom-index|draft-atoms|touched-lines|[^/]+/[^/]+-atom)\\.ts$`,
      },
      to: {
        path: [
          '(^|/)@codemirror/view',
          `^${COMPOSER}/editor/atoms/(atom-drawing|atom-bidi|atom-integrity|inline-atoms)\\.ts$`,
          '-(view|widget)\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'composer-saved-drafts-not-sending',
      comment: `${COMPOSER}/saved-drafts/ (stash, recall, persistence, storage) imports nothing from sending/ (submit, queue).`,
      severity: 'error',
      from: { path: `^${COMPOSER}/saved-drafts/` },
      to: { path: `^${COMPOSER}/sending/` },
    },
    {
      name: 'composer-folders-not-root',
      comment: `No folder of the composer imports composer.ts, composer-session.ts or composer-types.ts: they build on the folders.`,
      severity: 'error',
      from: { path: `^${COMPOSER}/[^/]+/` },
      to: { path: `^${COMPOSER}/(composer|composer-session|composer-types)\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.js'],
    },
    skipAnalysisNotInRules: true,
  },
};
