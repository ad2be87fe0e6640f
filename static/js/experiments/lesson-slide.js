// lesson-slide.js: "Add to lesson" beside each experiment's chart (the lesson_button of
// templates/experiments.html). A click turns the section's experiment, with the parameters
// its form holds now, into an experiment slide of this browser's draft lesson
// (lib/add-to-lesson.js): titled by the section's heading ("Move ordering"; "A random
// binary tree of depth 10: one tree"), its query the API's.

import { wireAddToLesson } from "../lib/add-to-lesson.js";
import { parts } from "./runner.js";

/** The query as a slide keeps it: text values, empty ones left out (the API's defaults). */
function cleanQuery(query) {
  const out = {};
  for (const [key, value] of Object.entries(query)) {
    const text = value === undefined || value === null ? "" : String(value).trim();
    if (text !== "") out[key] = text;
  }
  return out;
}

/** The experiment's heading without its number, and the run block's own heading if any. */
function sectionTitle(root) {
  const heading = root.closest("section.experiment").querySelector("h2").cloneNode(true);
  for (const number of heading.querySelectorAll(".exp-number")) number.remove();
  const title = heading.textContent.trim();
  const block = root.querySelector("h3");
  return block ? `${title}: ${block.textContent.trim().toLowerCase()}` : title;
}

/** Wire the "Add to lesson" button of the run block `root`: experiment `name`, `query()`. */
export function wireExperimentSlide(root, name, query) {
  const els = parts(root);
  if (!els["add-to-lesson"]) return;
  const title = sectionTitle(root);
  const slide = () => ({ title, notes: "", view: { kind: "experiment", name, query: cleanQuery(query()) } });
  wireAddToLesson(els["add-to-lesson"], slide, els["lesson-status"]);
}
