// lib/search-options.js: the search options a tree runs with when neither the document nor
// the reader names them (docs/protocol.md, "Options"): the input panel's defaults, and what
// lecture mode fills in for a view that leaves an option out.

export const DEFAULT_OPTIONS = {
  algorithm: "alphabeta",
  rule: "standard",
  players: "max,min",
  depth: null,
  ordering: "given",
  seed: 0,
};
