// Role/name agreement between the snapshot's JSON nodes and Chromium's AX tree.

const norm = (s) =>
  String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim();
// Icon-font glyphs (Unicode private use area) come into Chromium's names from CSS ::before
// content; they mean nothing to an agent, so a second, looser figure ignores them.
const stripIcons = (s) => norm(s.replace(/[\ue000-\uf8ff]/g, ''));

// Chromium reports some internal roles where ARIA has a synonym or none at all;
// these pairs mean the same thing to an agent. An element without an ARIA role is
// '' in our JSON and 'generic' (or an internal role like LabelText) in Chromium's tree.
const SYNONYMS = [
  ['img', 'image'],
  ['none', 'presentation'],
  ['button', 'disclosuretriangle'],
  ['textbox', 'textfield'],
  ['', 'generic'],
  ['', 'labeltext'],
  ['', 'audio'],
  ['', 'video'],
];
const canonRole = (r) => {
  const x = norm(r).toLowerCase();
  for (const [a, b] of SYNONYMS) if (x === b) return a;
  return x;
};

// Long names are cut by the engine with a marker (S4); a cut name that is a prefix of
// Chromium's counts as agreement, and we report how many needed this.
function truncatedPrefix(ours, theirs) {
  const m = ours.match(/^(.*?)\s*(?:…|\.\.\.)$/s);
  return !!m && m[1].length >= 20 && theirs.startsWith(m[1]);
}

/** targets: in-page info per element; ax: Chromium role/name per element (same order). */
export function compareNames(targets, ax) {
  let compared = 0,
    nameOk = 0,
    roleOk = 0,
    truncatedOk = 0,
    notInAx = 0,
    looseOk = 0;
  const nameMismatches = [],
    roleMismatches = [];
  targets.forEach((t, i) => {
    const a = ax[i];
    if (!a || a.ignored) {
      notInAx++;
      return;
    }
    compared++;
    const ours = norm(t.name),
      theirs = norm(a.name);
    const cut = ours !== theirs && truncatedPrefix(ours, theirs);
    if (ours === theirs || cut) {
      nameOk++;
      looseOk++;
      truncatedOk += cut ? 1 : 0;
    } else {
      if (stripIcons(ours) === stripIcons(theirs)) looseOk++;
      nameMismatches.push({
        ours,
        chromium: theirs,
        role: t.role,
        hint: t.hint,
        tag: t.tag,
        classes: t.classes,
        html: t.html,
      });
    }
    if (canonRole(t.role) === canonRole(a.role)) roleOk++;
    else roleMismatches.push({ ours: t.role, chromium: a.role, tag: t.tag, name: ours, html: t.html });
  });
  return {
    compared,
    notInAx,
    truncatedOk,
    nameAgreement: compared ? nameOk / compared : 1,
    nameAgreementIgnoringIcons: compared ? looseOk / compared : 1,
    roleAgreement: compared ? roleOk / compared : 1,
    nameMismatches: nameMismatches.slice(0, 30),
    roleMismatches: roleMismatches.slice(0, 30),
    nameMismatchTotal: nameMismatches.length,
    roleMismatchTotal: roleMismatches.length,
  };
}
