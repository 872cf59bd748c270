import { html, nothing, type TemplateResult } from 'lit';
import type { CommandInfo } from '../../../core/index.js';
import { renderKindIcon } from '../../shared/icons.js';
import type { T3Locale } from '../../shared/locale.js';
import { safeImageUrl } from '../../shared/urls.js';
import { type CommandCategory, commandCategory, matchCommands, matchSubcommands } from './commands.js';
import {
  MAX_MENU_ITEMS,
  type MentionItem,
  type MentionProvider,
  type ProviderResult,
  shareMenuSlots,
} from './providers.js';
import type { Trigger } from './trigger-detection.js';

type IconMap = Readonly<Record<string, string>>;

export const MENU_ID = 't3-composer-menu';

/** One pickable entry of the menu. */
export type Option =
  | { type: 'item'; provider: MentionProvider; item: MentionItem }
  | { type: 'command'; command: CommandInfo }
  | { type: 'subcommand'; name: string }
  | { type: 'argument'; value: string };

type Row =
  | { type: 'group'; label: string }
  | { type: 'option'; option: Option; index: number }
  | { type: 'status'; text: string; error?: boolean };

/** What the list shows: the trigger, the providers' answers so far, and which option is active. */
export interface MenuContent {
  trigger: Trigger;
  results: readonly ProviderResult[];
  commands: readonly CommandInfo[];
  active: number;
}

export interface MenuListView {
  locale: T3Locale;
  icons: IconMap;
  pick(option: Option): void;
  hover(index: number): void;
  /** Gives focus back to the editor, which owns it while the menu is open. */
  focusEditor(): void;
}

/** The options in list order: matching commands, subcommands, or the items each provider may show. */
export function menuOptions({ trigger, results, commands }: Omit<MenuContent, 'active'>): Option[] {
  if (trigger.type === 'command')
    return matchCommands(commands, trigger.query, MAX_MENU_ITEMS).map((command) => ({ type: 'command', command }));
  if (trigger.type === 'subcommand')
    return matchSubcommands(trigger.command, trigger.query).map((name) => ({ type: 'subcommand', name }));
  if (trigger.type === 'argument') return trigger.options.map((value) => ({ type: 'argument', value }));
  return [...shownItems(results)].flatMap(([result, items]) =>
    items.map((item): Option => ({ type: 'item', provider: result.provider, item })),
  );
}

/** The items each finished search shows, in provider order: the menu's slots shared among them. */
function shownItems(results: readonly ProviderResult[]): Map<ProviderResult, readonly MentionItem[]> {
  const done = results.filter((result) => result.status === 'done');
  const shares = shareMenuSlots(done.map((result) => result.items.length));
  return new Map(done.map((result, index) => [result, result.items.slice(0, shares[index])]));
}

const CATEGORY_LABELS: Record<CommandCategory, keyof T3Locale> = {
  custom: 'commandsCustom',
  skill: 'commandsSkill',
  system: 'commandsSystem',
};

function menuRows(content: MenuContent, locale: T3Locale): Row[] {
  const { trigger, results } = content;
  const rows: Row[] = [];
  let index = 0;
  if (trigger.type === 'mention') {
    const shown = shownItems(results);
    for (const result of results) {
      const items = shown.get(result) ?? [];
      if (result.status === 'loading')
        rows.push({ type: 'group', label: result.provider.label }, { type: 'status', text: locale.loading });
      else if (result.status === 'error')
        rows.push(
          { type: 'group', label: result.provider.label },
          { type: 'status', text: locale.providerError, error: true },
        );
      else if (items.length > 0) {
        rows.push({ type: 'group', label: result.provider.label });
        for (const item of items)
          rows.push({ type: 'option', option: { type: 'item', provider: result.provider, item }, index: index++ });
      }
    }
    return rows.length > 0 ? rows : [{ type: 'status', text: locale.noResults }];
  }
  const options = menuOptions(content);
  if (options.length === 0) return [{ type: 'status', text: locale.noResults }];
  let category = '';
  for (const option of options) {
    if (option.type === 'command' && commandCategory(option.command) !== category) {
      category = commandCategory(option.command);
      rows.push({ type: 'group', label: locale[CATEGORY_LABELS[commandCategory(option.command)]] });
    }
    rows.push({ type: 'option', option, index: index++ });
  }
  return rows;
}

/**
 * The listbox, in the composer's shadow root beside the editor so `aria-activedescendant` resolves.
 * Without options (loading, no results, an error) it is a status, not an empty listbox. It scrolls
 * with many options, and a scrollable region must be reachable from the keyboard, so it is in the
 * tab order; yet the editor owns focus while the menu is open (Tab there picks the active option,
 * a press on the menu never moves focus), and focus that lands on the list anyway goes back.
 */
export function renderMenuList(content: MenuContent, view: MenuListView): TemplateResult {
  const { trigger } = content;
  // A slot's menu is named after its argument.
  const label =
    trigger.type === 'mention'
      ? view.locale.mentionsMenu
      : trigger.type === 'argument'
        ? trigger.name
        : view.locale.commandsMenu;
  const rows = menuRows(content, view.locale);
  const hasOptions = rows.some((row) => row.type === 'option');
  return html`<div
    part="menu"
    class="menu"
    id=${MENU_ID}
    role=${hasOptions ? 'listbox' : 'status'}
    aria-label=${label}
    tabindex="0"
    popover="manual"
    @mousedown=${(event: MouseEvent) => event.preventDefault()}
    @focus=${() => view.focusEditor()}
  >
    ${rows.map((row) => renderRow(row, content.active, view))}
  </div>`;
}

function renderRow(row: Row, active: number, view: MenuListView): TemplateResult {
  if (row.type === 'group') return html`<div class="menu-group" role="presentation">${row.label}</div>`;
  if (row.type === 'status')
    return html`<div class=${row.error ? 'menu-status error' : 'menu-status'} role="presentation">${row.text}</div>`;
  return html`<div
    part="option"
    class="menu-option"
    role="option"
    id=${`${MENU_ID}-${row.index}`}
    aria-selected=${row.index === active ? 'true' : 'false'}
    @click=${() => view.pick(row.option)}
    @mousemove=${() => view.hover(row.index)}
  >
    ${renderOption(row.option, view.icons)}
  </div>`;
}

function renderOption(option: Option, icons: IconMap): TemplateResult {
  if (option.type === 'item') {
    const { item } = option;
    const icon = safeImageUrl(item.icon);
    const kind = item.record?.kind ?? item.tag?.kind ?? '';
    return html`<span class="option-icon">${icon ? html`<img src=${icon} alt="" />` : renderKindIcon(kind, icons)}</span>
      <span class="option-label">${item.label}</span>
      ${item.description ? html`<span class="option-description">${item.description}</span>` : nothing}`;
  }
  if (option.type === 'command') {
    const { command } = option;
    // The name shows whole: the hint and then the description give way on a narrow menu.
    return html`<span class="option-label option-name">/${command.name}</span>
      ${command.argumentHint ? html`<span class="option-hint">${command.argumentHint}</span>` : nothing}
      ${command.description ? html`<span class="option-description">${command.description}</span>` : nothing}`;
  }
  return html`<span class="option-label">${option.type === 'argument' ? option.value : option.name}</span>`;
}

/**
 * The combobox attributes on the editable element: they exist only while the listbox does, so
 * nothing points at a missing id. The editor keeps its textbox role (a multi-line editor is no
 * combobox), so it carries no `aria-expanded`, which a textbox does not support.
 */
export function syncComboboxAria(content: HTMLElement | undefined, open: boolean, active: number | null): void {
  if (!content) return;
  if (open) content.setAttribute('aria-controls', MENU_ID);
  else content.removeAttribute('aria-controls');
  if (open && active !== null) content.setAttribute('aria-activedescendant', `${MENU_ID}-${active}`);
  else content.removeAttribute('aria-activedescendant');
}
