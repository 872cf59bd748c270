/**
 * The table of named character references a message decodes beyond the built-in few
 * (`entity-references.ts`): markup and ASCII punctuation (those of URL obfuscation included),
 * Latin-1, Greek, and general punctuation, arrows and maths. A chunk of its own, loaded only for
 * Markdown that names one of them; kept as strings, far smaller than an object literal.
 */

/** Runs of consecutive characters from a first code point, one name each (`-` where none is named). */
const NAMED_RUNS: readonly (readonly [number, string])[] = [
  [0x21, 'excl quot num dollar percnt amp apos lpar rpar ast plus comma'],
  [
    0xa0,
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg ' +
      'plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
      'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute ' +
      'Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc ' +
      'Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ' +
      'ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide ' +
      'oslash ugrave uacute ucirc uuml yacute thorn yuml',
  ],
  [
    0x391,
    'Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - ' +
      'Sigma Tau Upsilon Phi Chi Psi Omega',
  ],
  [
    0x3b1,
    'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho ' +
      'sigmaf sigma tau upsilon phi chi psi omega',
  ],
];

/** The other names, each followed by its character (no character here is an ASCII letter or digit). */
const NAMED_OTHERS =
  'lt<gt>Tab\tNewLine\nperiod.sol/colon:semi;equals=quest?commat@lsqb[lbrack[bsol\\rsqb]rbrack]Hat^' +
  'lowbar_grave`lcub{lbrace{verbar|vert|rcub}rbrace}OEligŒoeligœScaronŠscaronšYumlŸfnofƒcircˆtilde˜' +
  'ensp\u2002emsp\u2003thinsp\u2009zwnj\u200czwj\u200dlrm\u200erlm\u200fndash–mdash—hyphen‐lsquo‘' +
  'rsquo’sbquo‚ldquo“rdquo”bdquo„dagger†Dagger‡bull•hellip…permil‰prime′Prime″lsaquo‹rsaquo›oline‾' +
  'frasl⁄euro€trade™larr←uarr↑rarr→darr↓harr↔lArr⇐uArr⇑rArr⇒dArr⇓hArr⇔forall∀part∂exist∃empty∅' +
  'nabla∇isin∈notin∉ni∋prod∏sum∑minus−lowast∗radic√prop∝infin∞ang∠and∧or∨cap∩cup∪int∫there4∴sim∼' +
  'cong≅asymp≈ne≠equiv≡le≤ge≥sub⊂sup⊃nsub⊄sube⊆supe⊇oplus⊕otimes⊗perp⊥sdot⋅loz◊spades♠clubs♣hearts♥' +
  'diams♦check✓cross✗star☆starf★';

export const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ...NAMED_RUNS.flatMap(([first, names]) =>
    names
      .split(' ')
      .map((name, offset) => [name, String.fromCodePoint(first + offset)] as const)
      .filter(([name]) => name !== '-'),
  ),
  ...Array.from(NAMED_OTHERS.matchAll(/([A-Za-z0-9]+)([^A-Za-z0-9])/g), ([, name, value]) => [name!, value!] as const),
]);
