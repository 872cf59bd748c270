/**
 * HTML character references, decoded the CommonMark way: numeric references always, named ones
 * from a table of the common entities (an unknown name stays as written). Only a reference that
 * ends with `;` counts.
 */

/**
 * Each name followed by its character: no character here is an ASCII letter or digit, so the
 * names and characters split apart unambiguously (a string is far smaller in the chunk than an
 * object literal). Markup and ASCII punctuation (those of URL obfuscation included), Latin-1,
 * Greek, and general punctuation, arrows and maths.
 */
const NAMED_ENTITY_LIST =
  'amp&lt<gt>quot"apos\'Tab\tNewLine\nexcl!num#dollar$percnt%lpar(rpar)ast*plus+comma,period.sol/colon:' +
  'semi;equals=quest?commat@lsqb[lbrack[bsol\\rsqb]rbrack]Hat^lowbar_grave`lcub{lbrace{verbar|vert|' +
  'rcub}rbrace}nbsp\u00a0iexcl¡cent¢pound£curren¤yen¥brvbar¦sect§uml¨copy©ordfªlaquo«not¬shy\u00adreg®' +
  'macr¯deg°plusmn±sup2²sup3³acute´microµpara¶middot·cedil¸sup1¹ordmºraquo»frac14¼frac12½frac34¾iquest¿' +
  'times×divide÷AgraveÀAacuteÁAcircÂAtildeÃAumlÄAringÅAEligÆCcedilÇEgraveÈEacuteÉEcircÊEumlËIgraveÌ' +
  'IacuteÍIcircÎIumlÏETHÐNtildeÑOgraveÒOacuteÓOcircÔOtildeÕOumlÖOslashØUgraveÙUacuteÚUcircÛUumlÜYacuteÝ' +
  'THORNÞszligßagraveàaacuteáacircâatildeãaumläaringåaeligæccedilçegraveèeacuteéecircêeumlëigraveì' +
  'iacuteíicircîiumlïethðntildeñograveòoacuteóocircôotildeõoumlöoslashøugraveùuacuteúucircûuumlüyacuteý' +
  'thornþyumlÿOEligŒoeligœScaronŠscaronšYumlŸfnofƒcircˆtilde˜AlphaΑBetaΒGammaΓDeltaΔEpsilonΕZetaΖEtaΗ' +
  'ThetaΘIotaΙKappaΚLambdaΛMuΜNuΝXiΞOmicronΟPiΠRhoΡSigmaΣTauΤUpsilonΥPhiΦChiΧPsiΨOmegaΩalphaαbetaβ' +
  'gammaγdeltaδepsilonεzetaζetaηthetaθiotaιkappaκlambdaλmuμnuνxiξomicronοpiπrhoρsigmafςsigmaσtauτ' +
  'upsilonυphiφchiχpsiψomegaωensp\u2002emsp\u2003thinsp\u2009zwnj\u200czwj\u200dlrm\u200erlm\u200f' +
  'ndash–mdash—hyphen‐lsquo‘rsquo’sbquo‚ldquo“rdquo”bdquo„dagger†Dagger‡bull•hellip…permil‰prime′Prime″' +
  'lsaquo‹rsaquo›oline‾frasl⁄euro€trade™larr←uarr↑rarr→darr↓harr↔lArr⇐uArr⇑rArr⇒dArr⇓hArr⇔forall∀part∂' +
  'exist∃empty∅nabla∇isin∈notin∉ni∋prod∏sum∑minus−lowast∗radic√prop∝infin∞ang∠and∧or∨cap∩cup∪int∫' +
  'there4∴sim∼cong≅asymp≈ne≠equiv≡le≤ge≥sub⊂sup⊃nsub⊄sube⊆supe⊇oplus⊕otimes⊗perp⊥sdot⋅loz◊spades♠clubs♣' +
  'hearts♥diams♦check✓cross✗star☆starf★';

const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map(
  Array.from(NAMED_ENTITY_LIST.matchAll(/([A-Za-z0-9]+)([^A-Za-z0-9])/g), ([, name, value]) => [name!, value!]),
);

const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;
const REPLACEMENT_CHARACTER = '\ufffd';

function fromCodePoint(codePoint: number): string {
  const invalid = codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff);
  return invalid ? REPLACEMENT_CHARACTER : String.fromCodePoint(codePoint);
}

/** Decodes every character reference in one pass, so `&amp;lt;` becomes `&lt;`, never `<`. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(CHARACTER_REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return NAMED_ENTITIES.get(name!) ?? reference;
  });
}
