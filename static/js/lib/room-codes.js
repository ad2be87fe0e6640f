// lib/room-codes.js: lecture room codes, pure (no DOM: importable in plain Node). A code is six
// characters of an alphabet without look-alikes (no I, L, O, 0, 1); people may type it in any
// case with separators, and it is shown split in two halves for reading off a projector.

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 6;

/** "abc-def", "ABC DEF", "abc·def" → "ABCDEF"; null when it is not a lecture code. */
export function normalizeCode(text) {
  const code = String(text || "")
    .toUpperCase()
    .replace(/[\s\-·.]/g, "");
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

/** "ABCDEF" → "ABC·DEF" (or with another `separator`): easier to read off a projector. */
export function formatCode(code, separator = "·") {
  return `${code.slice(0, 3)}${separator}${code.slice(3)}`;
}
