import { history, historyKeymap, insertNewline } from '@codemirror/commands';
import { Compartment, EditorState, type Extension, Prec, type StateEffect } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExtension, type ViewUpdate } from '@codemirror/view';
import type { T3Locale } from '../../shared/locale.js';
import { modifiedEnterOnAndroid } from './android-chrome.js';
import { inlineAtoms } from './atoms/inline-atoms.js';
import { chipKeyboard } from './keys/chip-keyboard.js';
import { CompositionGuard } from './keys/composition-guard.js';
import { editingKeymap } from './keys/editing-keymap.js';
import { maxLengthFilter } from './state/max-length.js';
import { pressSends, sendKeyExtension, type SendKeyMode } from './keys/send-key.js';
import { slotKeymap } from './atoms/command/slot-keymap.js';

/** The element's settings the editor follows. */
export interface EditorSettings {
  readonly isDisabled: boolean;
  /** Disabled or `readonly`. */
  readonly readOnly: boolean;
  readonly maxLength?: number;
  readonly placeholder: string;
  readonly label: string;
  readonly locale: T3Locale;
  /** The send key in force (`auto` decided for the device). */
  readonly sendKey: SendKeyMode;
}

export interface EditorSetupDelegate {
  settings(): EditorSettings;
  showNotice(message: string): void;
  /** The composer's own keys (send, recall, stop), after the controllers' and before the editor's. */
  keys(): Extension;
  /** Whether a key would run one of the composer's or its menu's commands now: held back during a composition. */
  takesKey(event: KeyboardEvent): boolean;
  /** Extensions of the composer's controllers (menu, clipboard); a menu's keymap comes first. */
  controllers(): Extension;
  onUpdate(update: ViewUpdate): void;
}

const SETTINGS = [
  'disabled',
  'readonly',
  'formDisabled',
  'maxLength',
  'placeholder',
  'label',
  'sendKey',
  'touchOnly',
] as const;

/**
 * The editor's extensions, built once per composer and shared by every draft's state, with the
 * element's settings in compartments that follow its properties.
 */
export class EditorSetup {
  private readonly editable = new Compartment();
  private readonly lengthLimit = new Compartment();
  private readonly placeholderText = new Compartment();
  private readonly accessibleName = new Compartment();
  private readonly sendKey = new Compartment();
  private readonly composition = new CompositionGuard();
  private shared?: Extension;

  constructor(private readonly delegate: EditorSetupDelegate) {}

  /** The extensions every draft state of this composer gets. */
  extensions(): Extension {
    // Rebuilt settings on each call: a draft replaced after a property changed starts with it.
    this.shared ??= [
      inlineAtoms(),
      history(),
      EditorView.lineWrapping,
      Prec.highest(this.compositionGuard()),
      modifiedEnterOnAndroid(),
      this.delegate.controllers(),
      chipKeyboard(() => this.delegate.settings().locale),
      Prec.highest(this.delegate.keys()),
      slotKeymap(),
      keymap.of([{ key: 'Shift-Enter', run: insertNewline }, ...historyKeymap, ...editingKeymap]),
      EditorView.updateListener.of((update) => this.delegate.onUpdate(update)),
    ];
    return [
      this.editable.of(this.editableExtension()),
      this.lengthLimit.of(this.lengthExtension()),
      this.placeholderText.of(placeholderExtension(this.delegate.settings().placeholder)),
      this.accessibleName.of(this.accessibleNameExtension()),
      this.sendKey.of(sendKeyExtension(this.delegate.settings().sendKey)),
      this.shared,
    ];
  }

  /** The effects that bring a state in line with changed properties. */
  reconfigure(changed: ReadonlyMap<PropertyKey, unknown>): StateEffect<unknown>[] {
    if (!SETTINGS.some((name) => changed.has(name))) return [];
    const effects = [];
    if (changed.has('disabled') || changed.has('readonly') || changed.has('formDisabled'))
      effects.push(this.editable.reconfigure(this.editableExtension()));
    if (changed.has('maxLength')) effects.push(this.lengthLimit.reconfigure(this.lengthExtension()));
    if (changed.has('placeholder'))
      effects.push(this.placeholderText.reconfigure(placeholderExtension(this.delegate.settings().placeholder)));
    if (changed.has('label') || changed.has('placeholder'))
      effects.push(this.accessibleName.reconfigure(this.accessibleNameExtension()));
    if (changed.has('sendKey') || changed.has('touchOnly'))
      effects.push(this.sendKey.reconfigure(sendKeyExtension(this.delegate.settings().sendKey)));
    return effects;
  }

  private editableExtension(): Extension {
    const { isDisabled: disabled, readOnly } = this.delegate.settings();
    return [
      EditorView.editable.of(!disabled),
      EditorState.readOnly.of(readOnly),
      EditorView.contentAttributes.of({
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      }),
    ];
  }

  private lengthExtension(): Extension {
    const max = this.delegate.settings().maxLength;
    if (typeof max !== 'number' || !Number.isFinite(max) || max < 0) return [];
    return maxLengthFilter(Math.floor(max), (kind) => {
      const message = this.delegate.settings().locale.maxLength;
      this.delegate.showNotice(kind === 'cut' ? `${message} (${max})` : message);
    });
  }

  private accessibleNameExtension(): Extension {
    const { label, placeholder } = this.delegate.settings();
    const name = label || placeholder;
    return EditorView.contentAttributes.of({
      ...(name ? { 'aria-label': name } : {}),
      'aria-multiline': 'true',
      role: 'textbox',
    });
  }

  /**
   * Before every keymap: a key the composer's commands take (send, menu, recall, stop) does nothing
   * while an IME composition is still deciding what it means, and a held key that sends (its
   * repeats) does nothing after its first press, so holding Enter never sends twice.
   */
  private compositionGuard(): Extension {
    return EditorView.domEventHandlers({
      compositionend: (event) => {
        this.composition.compositionEnded(event.timeStamp);
        return false;
      },
      keydown: (event, view) =>
        (event.repeat && pressSends(view.state, event)) ||
        (this.delegate.takesKey(event) && this.composition.belongsToComposition(event, view.composing)),
    });
  }
}
