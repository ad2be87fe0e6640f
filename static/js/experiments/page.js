// page.js: the entry of /experiments (templates/experiments.html). Each run block has a
// section module that turns its rows into a chart, tables and a sentence; runner.js runs
// them. Nothing runs until a teacher presses Run: a class opening the page at once would
// otherwise fill the server's search slots.

import { setupFamily } from "./family.js";
import { setupOptimisations } from "./optimisations.js";
import { setupOrdering } from "./ordering.js";
import { setupRandomSeed } from "./random-seed.js";
import { setupRandomSpread } from "./random-spread.js";
import { setupRules } from "./rules.js";
import { setUpPage } from "../lib/page-setup.js";

setUpPage(); // the theme, and the help on ? and F1 (lib/page-setup.js)

const SECTIONS = {
  "rb-one": setupRandomSeed,
  "rb-many": setupRandomSpread,
  ord: setupOrdering,
  rul: setupRules,
  opt: setupOptimisations,
  fam: setupFamily,
};

for (const [id, setup] of Object.entries(SECTIONS)) {
  const root = document.getElementById(id);
  if (root) setup(root);
}
document.body.dataset.experimentsReady = "true"; // tests wait for this
