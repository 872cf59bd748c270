// Writes the elements' API tables into docs/api.md, between the api-reference markers, from
// custom-elements.json. `node scripts/api-reference.mjs --check` fails when the page is stale.
import { readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- api-reference:start -->';
const END = '<!-- api-reference:end -->';

const cell = (value) =>
  String(value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const code = (value) => (value ? `\`${cell(value)}\`` : '');

function table(headers, rows) {
  if (rows.length === 0) return '';
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export function apiReference(manifest) {
  const elements = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  const sections = elements.map((element) => {
    const publicFields = (element.members ?? []).filter(
      (member) => member.kind === 'field' && !member.privacy && !member.static && member.description,
    );
    const methods = (element.members ?? []).filter(
      (member) => member.kind === 'method' && !member.privacy && !member.static && member.description,
    );
    const parts = [
      `## \`<${element.tagName}>\``,
      cell(element.summary ?? element.description),
      table(
        ['property', 'attribute', 'type', 'description'],
        publicFields.map((field) => [
          code(field.name),
          code(
            field.attribute ?? (element.attributes ?? []).find((attribute) => attribute.fieldName === field.name)?.name,
          ),
          code(field.type?.text),
          cell(field.description),
        ]),
      ),
      table(
        ['method', 'description'],
        methods.map((method) => [code(`${method.name}()`), cell(method.description)]),
      ),
      table(
        ['event', 'description'],
        (element.events ?? []).map((event) => [code(event.name), cell(event.description)]),
      ),
      table(
        ['slot', 'description'],
        (element.slots ?? []).map((slot) => [slot.name ? code(slot.name) : '(default)', cell(slot.description)]),
      ),
      table(
        ['part', 'description'],
        (element.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]),
      ),
      table(
        ['CSS property', 'default', 'description'],
        (element.cssProperties ?? []).map((property) => [
          code(property.name),
          code(property.default),
          cell(property.description),
        ]),
      ),
    ];
    return parts.filter(Boolean).join('\n\n');
  });
  return `${START}\n\n${sections.join('\n\n')}\n\n${END}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const page = 'docs/api.md';
  const readme = readFileSync(page, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${page} has no api-reference markers`);
  const next = readme.slice(0, start) + apiReference(manifest) + readme.slice(end + END.length);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error(`${page} is stale: run \`npm run docs\`.`);
      process.exit(1);
    }
    console.log(`${page} is current.`);
  } else {
    writeFileSync(page, next);
  }
}
