import type { EditorState, Extension } from '@codemirror/state';
import { Direction, EditorView, type PluginValue, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { nothing, render } from 'lit';
import { AnchoredPopup, preloadPopupPlacement } from '../../shared/anchored-popup.js';
import { formatMessage } from '../../shared/locale.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { insertionProblem } from '../editor/state/draft-limits.js';
import { menuKeymap } from './menu-keymap.js';
import { MENU_ID, menuOptions, type Option, renderMenuList, syncComboboxAria } from './menu-list.js';
import { pickOption } from './menu-picks.js';
import { MenuSearch } from './menu-search.js';
import { closedMenu, menuFocus, menuSources, menuState, openTrigger, setActiveOption } from './menu-state.js';
import { triggerKey } from './trigger-detection.js';

/** The composer's send and stop buttons, which the open menu never covers. */
const SEND_CONTROLS = '[part~="send-button"], [part~="stop-button"]';

/**
 * The @-mention and slash-command menu, drawn from its state field. The editor state holds the
 * menu (`menuState`: its trigger, active option and dismissed trigger) and its keys are a keymap
 * (`menuKeymap`); this view plugin asks the providers when a mention's query changes
 * (`MenuSearch`), draws the list beside the editor and shows it in the top layer at the trigger,
 * keeps the editor's combobox attributes in step, and turns a pick into one transaction. A new
 * draft's state gets a new plugin: nothing of the last menu stays.
 */
class MenuView implements PluginValue {
  private readonly search = new MenuSearch(() => this.resultsArrived());
  /** Where the list is drawn: beside the editor, in the composer's shadow root. */
  private readonly layer = document.createElement('div');
  /** Under (or over) the trigger, in the top layer; it follows the caret as the page scrolls. */
  private readonly popup = new AnchoredPopup({
    gap: 4,
    margin: 8,
    anchor: () => this.triggerRect(),
    onLayoutChange: () => this.popup.place(),
  });
  private shown = false;

  constructor(
    private readonly view: EditorView,
    private readonly context: ComposerContext,
  ) {
    this.layer.className = 'menu-layer';
    view.dom.after(this.layer);
    this.syncAria(view.state);
  }

  update(update: ViewUpdate): void {
    this.correctFocus(update);
    const before = update.startState.field(menuState, false);
    const after = update.state.field(menuState, false);
    const sourcesChanged = update.startState.facet(menuSources) !== update.state.facet(menuSources);
    if (before === after && !sourcesChanged) return;
    const trigger = after?.trigger ?? null;
    if (!trigger) this.search.cancel();
    else if (
      trigger.type === 'mention' &&
      !this.view.composing &&
      (!before?.trigger || triggerKey(before.trigger) !== triggerKey(trigger))
    ) {
      this.search.search(trigger, update.state.facet(menuSources).providers);
    }
    this.syncAria(update.state);
    this.draw(update.state);
  }

  destroy(): void {
    this.search.cancel();
    this.popup.hide();
    render(nothing, this.layer);
    this.layer.remove();
  }

  /** The open menu's options in list order; none while it is closed. */
  options(state: EditorState): Option[] {
    const trigger = openTrigger(state);
    if (!trigger) return [];
    return menuOptions({ trigger, results: this.search.results, commands: state.facet(menuSources).commands });
  }

  get loading(): boolean {
    return this.search.isLoading;
  }

  pick(option: Option): void {
    const { view } = this;
    const trigger = openTrigger(view.state);
    if (!trigger) return;
    const picked = pickOption(view.state, trigger, option, (ids, chips) =>
      insertionProblem(view.state, ids, chips, this.context.config.locale),
    );
    if (picked && 'problem' in picked) {
      this.context.notices.show(picked.problem);
    } else if (picked) {
      this.search.cancel();
      view.dispatch(picked.spec);
    }
    view.focus();
  }

  /** The editor knows the composition is over: look at the confirmed text now. */
  compositionEnded(): void {
    const { view } = this;
    if (view.composing) return;
    const trigger = openTrigger(view.state);
    if (trigger?.type === 'mention') this.search.search(trigger, view.state.facet(menuSources).providers);
    this.syncAria(view.state);
    this.draw(view.state);
  }

  /**
   * Draws the list for `state` (nothing while no menu is open, or while an IME composition decides
   * what is typed: `@にほ` in the middle of one shows nothing), and shows it in the top layer.
   */
  private draw(state: EditorState): void {
    const menu = state.field(menuState, false);
    const trigger = menu && !this.view.composing ? menu.trigger : null;
    if (!trigger && !this.shown) return;
    this.shown = !!trigger;
    const { locale, icons } = this.context.config;
    const list = trigger
      ? renderMenuList(
          { trigger, results: this.search.results, commands: state.facet(menuSources).commands, active: menu!.active },
          {
            locale,
            icons,
            pick: (option) => this.pick(option),
            hover: (index) => this.setActive(index),
            focusEditor: () => this.view.focus(),
          },
        )
      : nothing;
    render(list, this.layer);
    const element = this.layer.querySelector<HTMLElement>(`#${MENU_ID}`);
    if (!trigger || !element) {
      this.popup.hide();
      return;
    }
    // Shown once the editor's update is over, when its layout may be read.
    queueMicrotask(() => {
      if (!element.isConnected || this.view.composing) return;
      // The menu reads in the direction of the line it was opened on, whatever the page's.
      element.dir = this.view.textDirectionAt(trigger.from) === Direction.RTL ? 'rtl' : 'ltr';
      this.popup.show(element);
    });
  }

  private resultsArrived(): void {
    const state = this.view.state;
    const menu = state.field(menuState, false);
    const count = this.options(state).length;
    if (menu?.trigger) {
      const active = Math.min(menu.active, Math.max(0, count - 1));
      if (active !== menu.active) this.view.dispatch({ effects: setActiveOption.of(active) });
    }
    this.syncAria(this.view.state);
    this.draw(this.view.state);
    if (!this.search.isLoading) {
      this.context.notices.announce(formatMessage(this.context.config.locale.resultsCount, { count: String(count) }));
    }
  }

  private setActive(index: number): void {
    const menu = this.view.state.field(menuState, false);
    if (menu?.trigger && menu.active !== index) this.view.dispatch({ effects: setActiveOption.of(index) });
  }

  /**
   * The trigger character's box, or the frame's when it is out of view; the menu lines up with its
   * start edge in the menu's own direction, the trigger line's. It reaches over the height of the
   * send and stop buttons too, so the menu, above or under it, covers neither the caret's line nor
   * those buttons (a phone's narrow screen).
   */
  private triggerRect() {
    const { view } = this;
    const trigger = openTrigger(view.state);
    if (!trigger) return null;
    const coords = view.coordsAtPos(trigger.from, 1) ?? view.dom.getBoundingClientRect();
    let { top, bottom } = coords;
    for (const button of this.context.host.shadowRoot?.querySelectorAll(SEND_CONTROLS) ?? []) {
      const box = button.getBoundingClientRect();
      if (box.height === 0) continue;
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    }
    return { left: coords.left, right: coords.right, top, bottom };
  }

  private syncAria(state: EditorState): void {
    const menu = state.field(menuState, false);
    const open = !!menu?.trigger && !this.view.composing;
    syncComboboxAria(this.view.contentDOM, open, open && this.options(state).length > 0 ? menu.active : null);
  }

  /**
   * CodeMirror drops the focus change it scheduled when another transaction lands first, and may
   * dispatch one that is stale by then (a host's `insertContext()` right before `focus()`): the
   * menu's focus follows the editor's real focus again, or `@` would never open a menu.
   */
  private correctFocus({ view, state }: ViewUpdate): void {
    if (state.field(menuState, false)?.focused === view.hasFocus) return;
    queueMicrotask(() => {
      const focused = view.state.field(menuState, false)?.focused;
      if (focused !== undefined && focused !== view.hasFocus) view.dispatch({ effects: menuFocus.of(view.hasFocus) });
    });
  }
}

/**
 * The menu of a draft's state: its field (starting closed, focused as the editor is), the view
 * plugin that draws it, its keys ahead of the composer's, and the editor's combobox attributes.
 * The providers and commands it lists come in through `menuSources`.
 */
export function composerMenu(context: ComposerContext): Extension {
  const plugin = ViewPlugin.define((view) => new MenuView(view, context));
  const menuOf = (view: EditorView) => view.plugin(plugin);
  return [
    menuState.init(() => closedMenu(context.view?.hasFocus ?? false)),
    EditorView.focusChangeEffect.of((_state, focusing) => menuFocus.of(focusing)),
    menuKeymap({
      options: (view, state) => menuOf(view)?.options(state) ?? [],
      loading: (view) => menuOf(view)?.loading ?? false,
      pick: (view, option) => menuOf(view)?.pick(option),
    }),
    plugin,
    EditorView.contentAttributes.of({ 'aria-autocomplete': 'list', 'aria-haspopup': 'listbox' }),
    EditorView.domEventHandlers({
      // A menu opens only in a focused editor: its placement is there by the time one does.
      focus: () => preloadPopupPlacement(),
      // The editor knows the composition is over once this handler ran: look at the confirmed text then.
      compositionend: (_event, view) => void setTimeout(() => menuOf(view)?.compositionEnded()),
    }),
  ];
}
