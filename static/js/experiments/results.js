// results.js: the results area of a run block: its data tables (table.js), their CSV
// buttons (csv.js), the chart's SVG and PNG downloads (chart-picture.js) and the sentence
// that states the finding. The chart belongs to the
// section, which draws it from the same rows; this keeps what is downloaded equal to what
// the tables show. A language switch in place (the page store's `lang`, lib/language.js)
// draws the results shown again, from the same rows, in the new language: nothing is run again.

import { bindChartDownloads } from "./chart-picture.js";
import { bindCsvButton } from "./csv.js";
import { parts } from "./runner.js";
import { renderTable } from "./table.js";
import { pageStore } from "../lib/page-store.js";

export class Results {
  /** root: the `.run` block; filenames: [first table's CSV name(), second's()]. */
  constructor(root, filenames) {
    this.els = parts(root);
    this.models = [null, null];
    this.again = null; // draws the results shown again (the section's own drawing, its rows)
    pageStore.subscribe((page, changed) => "lang" in changed && this.again && this.again());
    bindCsvButton(this.els.csv, () => this.models[0], filenames[0]);
    if (this.els["csv-2"]) bindCsvButton(this.els["csv-2"], () => this.models[1], filenames[1]);
    const chartName = (ext) => filenames[0]().replace(/\.csv$/, `-chart.${ext}`);
    bindChartDownloads(this.els.chart.closest("figure"), { svgButton: this.els["chart-svg"], pngButton: this.els["chart-png"] }, chartName);
  }

  /** Nothing to show (a new run started, or one stopped without results). */
  clear() {
    this.models = [null, null];
    this.again = null;
    this.els.results.hidden = true;
    this.els.finding.hidden = true;
    this.els.finding.textContent = "";
  }

  /**
   * Show tables (models for table.js; the second is optional) and the finding sentence
   * ("" for none). highlight(row) marks rows of the first table. `again()` draws it all
   * again (tables, finding, chart) when the page's language changes.
   */
  show({ tables, finding = "", highlight = null, again = null }) {
    this.again = again;
    this.models = [tables[0] || null, tables[1] || null];
    renderTable(this.els.table, tables[0], { highlight });
    if (tables[1] && this.els["table-2"]) renderTable(this.els["table-2"], tables[1]);
    this.els.results.hidden = false;
    this.els.finding.textContent = finding;
    this.els.finding.hidden = !finding;
  }
}
